#include <screen/game.hpp>

#include <algorithm>
#include <cstdint>
#include <utility>

#include <screen/keys.hpp>
#include <screen/png.hpp>

namespace screen {

void add_game_options(options& parser, game_settings& chosen, const std::string& seeds) {
    parser.flag("--headless", chosen.headless, "play without a window, the keys read from --input");
    parser.number("--frames", chosen.frames, 0, 1'000'000'000,
                   "how many frames to run (default 0: until the window closes; a headless run needs a number)");
    parser.number("--seed", chosen.seed, 0, INT64_MAX / 2, "the seed of " + seeds + " (default 1)");
    parser.text("--input", chosen.input, "with --headless: the input script, the keys held frame by frame "
                                          "(see examples/screen/include/screen/input_script.hpp)");
    parser.text("--png", chosen.png, "with --headless: write frames to PNG files named by this printf-style pattern, "
                                      "such as frames/frame-%04d.png");
    parser.number("--every", chosen.every, 1, 1'000'000'000, "with --png: write every Kth frame (default 1)");
    parser.number("--zoom", chosen.zoom, 1, 8, "with --png: each pixel of the game K x K pixels in the files (default 1)");
    parser.text("--save", chosen.save, "the file the save key (F5) writes and the restore key (F9) reads "
                                        "(default " + chosen.save + ")");
    parser.flag("--parallel", chosen.parallel, "run the systems on the parallel executor (oneTBB)");
    parser.flag("--split", chosen.split, "with --parallel: run every batch's systems at once and split every parallel "
                                          "system, however little their work (as the tests do)");
}

bool check_game_settings(const options& parser, const game_settings& chosen) {
    if (!chosen.headless && (!chosen.input.empty() || !chosen.png.empty())) {
        parser.reject("--input and --png are for --headless runs");
        return false;
    }
    if (chosen.headless && chosen.frames == 0) {
        parser.reject("a --headless run needs --frames N, a number above 0");
        return false;
    }
    if (!chosen.png.empty()) {
        if (const std::string problem = check_frame_pattern(chosen.png); !problem.empty()) {
            parser.reject("--png " + problem);
            return false;
        }
    }
    return true;
}

host::host(const game_settings& chosen, std::string program, double fixed_step)
    : chosen_{chosen}, program_{std::move(program)}, fixed_step_{fixed_step} {}

std::string host::open(int width, int height) {
    width_ = width;
    height_ = height;
    if (!chosen_.input.empty()) {
        if (std::string error = script_.read(chosen_.input); !error.empty()) {
            return error;
        }
    }
    if (!chosen_.headless) {
        return window_.open("kiln: " + program_, width, height, 3);
    }
    return "";
}

bool host::keys(std::int64_t frame, std::uint32_t& held, std::uint32_t& pressed) {
    held = 0;
    if (chosen_.headless) {
        held = script_.keys_at(frame);
    } else if (!window_.poll(held)) {
        return false;
    }
    pressed = held & ~held_;
    held_ = held;
    return true;
}

double host::seconds_since_last_frame(clock_type::time_point now) {
    const double passed = std::chrono::duration<double>(now - last_frame_).count();
    last_frame_ = now;
    return chosen_.headless ? fixed_step_ : std::min(passed, 0.1);
}

void host::present(const image& picture) {
    if (!chosen_.headless) {
        window_.present(picture);
    }
}

std::string host::write_frame(const image& picture, std::int64_t frame) const {
    if (chosen_.png.empty() || frame % chosen_.every != 0) {
        return "";
    }
    const std::string path = frame_path(chosen_.png, frame);
    return chosen_.zoom > 1 ? write_png(enlarged(picture, static_cast<int>(chosen_.zoom)), path)
                            : write_png(picture, path);
}

} // namespace screen
