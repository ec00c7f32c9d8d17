#include <screen/png.hpp>

#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <vector>

#include <png.h>

namespace screen {
namespace {

// One conversion of a frame pattern: where it starts, how long it is, and
// the width to pad the number to.
struct conversion {
    std::size_t at = std::string::npos;
    std::size_t length = 0;
    int width = 0;
};

// Finds the %d conversions of pattern; more than one, or another conversion,
// is reported in problem.
conversion find_conversion(const std::string& pattern, std::string& problem) {
    conversion found;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] != '%') {
            continue;
        }
        if (i + 1 < pattern.size() && pattern[i + 1] == '%') {
            ++i;
            continue;
        }
        std::size_t end = i + 1;
        int width = 0;
        if (end < pattern.size() && pattern[end] == '0') {
            ++end;
        }
        while (end < pattern.size() && pattern[end] >= '0' && pattern[end] <= '9' && width < 100) {
            width = width * 10 + (pattern[end] - '0');
            ++end;
        }
        if (end >= pattern.size() || pattern[end] != 'd' || width >= 100) {
            problem = "'" + pattern + "' has a % that is not %d, %0Nd or %%";
            return found;
        }
        if (found.at != std::string::npos) {
            problem = "'" + pattern + "' has more than one %d; the frame number goes in one place";
            return found;
        }
        found = {i, end + 1 - i, width};
        i = end;
    }
    if (found.at == std::string::npos) {
        problem = "'" + pattern + "' has no %d for the frame number (write, say, frames/frame-%04d.png)";
    }
    return found;
}

// Writes the rows; kept apart from write_png so that libpng's longjmp on an
// error crosses no object with a destructor.
bool write_rows(std::FILE* file, const image& picture, png_bytepp rows) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    if (png == nullptr) {
        return false;
    }
    png_infop info = png_create_info_struct(png);
    if (info == nullptr || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return false;
    }
    png_init_io(png, file);
    png_set_compression_level(png, 9);
    png_set_IHDR(png, info, static_cast<png_uint_32>(picture.width), static_cast<png_uint_32>(picture.height), 8,
                 PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    png_set_filler(png, 0, PNG_FILLER_AFTER); // the rows hold RGBA; write RGB
    png_write_image(png, rows);
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    return true;
}

} // namespace

std::string check_frame_pattern(const std::string& pattern) {
    std::string problem;
    find_conversion(pattern, problem);
    return problem;
}

std::string frame_path(const std::string& pattern, long long frame) {
    std::string problem;
    const conversion found = find_conversion(pattern, problem);
    std::string path;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (i == found.at) {
            char number[128];
            std::snprintf(number, sizeof number, "%0*lld", found.width, frame);
            path += number;
            i += found.length - 1;
        } else {
            path += pattern[i];
            if (pattern[i] == '%') {
                ++i; // %% is one %
            }
        }
    }
    return path;
}

std::string write_png(const image& picture, const std::string& path) {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (file == nullptr) {
        return "cannot write " + path + ": " + std::strerror(errno);
    }
    std::vector<png_bytep> rows(static_cast<std::size_t>(picture.height));
    for (int y = 0; y < picture.height; ++y) {
        rows[static_cast<std::size_t>(y)] =
            const_cast<png_bytep>(picture.rgba.data() + static_cast<std::size_t>(y) * picture.width * 4);
    }
    const bool written = write_rows(file, picture, rows.data());
    const bool closed = std::fclose(file) == 0;
    if (!written || !closed) {
        return "cannot write " + path + ": libpng or the file system failed";
    }
    return "";
}

} // namespace screen
