// What the games' platform layers share, outside their ECS: the command line
// every game takes (headless runs, input scripts, PNG frames, the seed, the
// save file, the executor), and the host of the frames (the window or the
// script, the time a frame advances, the picture shown and written). The
// frame loop itself, which runs a kiln world, is screen/play.hpp.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include <screen/input_script.hpp>
#include <screen/options.hpp>
#include <screen/raster.hpp>
#include <screen/window.hpp>

namespace screen {

// The options every game takes.
struct game_settings {
    bool headless = false;
    std::int64_t frames = 0;
    std::int64_t seed = 1;
    std::string input;
    std::string png;
    std::int64_t every = 1;
    std::int64_t zoom = 1;
    std::string save;
    bool parallel = false;
    bool split = false;
};

// Lists the options of game_settings in parser; seeds says what --seed
// seeds, for --help. chosen.save is the default save file.
void add_game_options(options& parser, game_settings& chosen, const std::string& seeds);

// After parse: rejects settings that do not go together (--input without
// --headless, a headless run without --frames, a bad --png pattern). False:
// rejected, with a message on stderr.
bool check_game_settings(const options& parser, const game_settings& chosen);

// The platform's side of the frames: the keys in, the picture out.
class host {
public:
    using clock_type = std::chrono::steady_clock;

    // program names the messages; fixed_step is the world's, the time a
    // headless frame advances.
    host(const game_settings& chosen, std::string program, double fixed_step);

    // Reads the input script, or opens a window of width x height pixels
    // shown 3 times as large. Returns "" or why the game cannot start.
    std::string open(int width, int height);

    // The keys held on frame (the window's or the script's) and those
    // pressed since the frame before. False: the window was closed.
    bool keys(std::int64_t frame, std::uint32_t& held, std::uint32_t& pressed);

    // The game time a frame advances: exactly one step headless, so that a
    // run is the same on any machine; in a window the time that passed (at
    // most a tenth of a second, after a stall), so that the game keeps its
    // speed whatever the display's refresh rate.
    double seconds_since_last_frame(clock_type::time_point now);

    // Shows the picture in the window (headless: nothing).
    void present(const image& picture);

    // Writes the picture as a PNG file when --png asks for this frame.
    // Returns "" or what went wrong.
    std::string write_frame(const image& picture, std::int64_t frame) const;

    // The size open was given.
    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }

    [[nodiscard]] const game_settings& settings() const { return chosen_; }
    [[nodiscard]] const std::string& program() const { return program_; }

private:
    const game_settings& chosen_;
    std::string program_;
    double fixed_step_;
    int width_ = 0;
    int height_ = 0;
    input_script script_;
    window window_;
    std::uint32_t held_ = 0;
    clock_type::time_point last_frame_ = clock_type::now();
};

} // namespace screen
