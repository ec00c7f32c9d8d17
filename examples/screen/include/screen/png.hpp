// PNG files of frames, through libpng: 8-bit RGB, a fixed compression level
// and no time stamp, so that the same image always gives the same bytes.
#pragma once

#include <string>

#include <screen/raster.hpp>

namespace screen {

// Writes picture to path (its alpha dropped: frames are opaque). Returns ""
// on success, else what went wrong, naming the path.
std::string write_png(const image& picture, const std::string& path);

// The path of frame number frame in pattern, whose one printf-style %d
// (with an optional zero-padded width, %04d) takes the number; %% is a %.
std::string frame_path(const std::string& pattern, long long frame);

// "" when pattern holds exactly one %d (or %0Nd) and no other conversion,
// else what is wrong with it.
std::string check_frame_pattern(const std::string& pattern);

} // namespace screen
