// The frame loop of a game on kiln, shared by the games' platform layers:
// each frame it reads the keys (the window's or the input script's), saves or
// restores the world when F5 or F9 was just pressed, hands the keys to the
// game, runs the world's frame, prints each change of the game's phase,
// draws the draw list the render stage filled, shows it and writes it as a
// PNG file when asked; at the end it prints the game's facts and the time
// per frame, split into the ECS's and the drawing's.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include <kiln/save.hpp>

#include <screen/game.hpp>
#include <screen/keys.hpp>
#include <screen/raster.hpp>

namespace screen {

// What play needs of a game, Game, for its World:
//   using phase = E;  the state whose changes are printed, each with status()
//   void keys(World&, std::uint32_t held, std::uint32_t pressed, std::int64_t frame);  into its input
//       resource (and what a key of its own does between frames, such as a level reloaded)
//   void progress(World&, double seconds, const Executor&);  the frame (world.progress, or more)
//   const draw_list& draws(const World&);  what the render stage drew
//   std::string status(const World&);  the facts printed with a change of phase
//   std::string summary(const World&);  the facts of the last line
//   std::uint64_t step(const World&);  the steps played, for the saves' lines
//   void frame_done(clock_type::time_point start);  after a frame is shown
template <class World, class Game, class Executor>
int play(host& host, World& world, Game& game, const char* executor_name, const Executor& executor) {
    using clock_type = host::clock_type;
    const auto milliseconds = [](clock_type::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
    const std::string& program = host.program();
    const std::string& save = host.settings().save;
    const auto report = [&](const char* done, const kiln::save_error& error, std::int64_t frame) {
        if (error) {
            std::fprintf(stderr, "%s: frame %lld: %s\n", program.c_str(), static_cast<long long>(frame),
                         error.message.c_str());
        } else {
            std::printf("frame %lld: %s %s (step %llu)\n", static_cast<long long>(frame), done, save.c_str(),
                        static_cast<unsigned long long>(game.step(world)));
        }
    };
    const auto phase_name = [&world] {
        const auto& phase = world.template state<typename Game::phase>();
        return phase.name_of(phase.current());
    };
    image picture{host.width(), host.height()};
    clock_type::duration ecs_time{};
    clock_type::duration draw_time{};
    std::int64_t frame = 0;
    std::string_view was;
    for (; host.settings().frames == 0 || frame < host.settings().frames; ++frame) {
        std::uint32_t held = 0;
        std::uint32_t pressed = 0;
        if (!host.keys(frame, held, pressed)) {
            break;
        }
        if ((pressed & key_save) != 0) {
            report("saved", kiln::save_file(world, save), frame);
        }
        if ((pressed & key_load) != 0) {
            // A save holds the states too: restored in another phase, the game goes back to the saved one.
            report("restored", kiln::load_file(world, save), frame);
        }
        game.keys(world, held, pressed, frame);
        const auto start = clock_type::now();
        game.progress(world, host.seconds_since_last_frame(start), executor);
        const auto simulated = clock_type::now();
        if (const std::string_view now = phase_name(); now != was) {
            was = now;
            std::printf("frame %lld: %.*s, %s\n", static_cast<long long>(frame), static_cast<int>(now.size()),
                        now.data(), game.status(world).c_str());
        }
        rasterise(game.draws(world), picture);
        host.present(picture);
        const auto drawn = clock_type::now();
        ecs_time += simulated - start;
        draw_time += drawn - simulated;
        game.frame_done(start);
        if (const std::string error = host.write_frame(picture, frame); !error.empty()) {
            std::fprintf(stderr, "%s: %s\n", program.c_str(), error.c_str());
            return 1;
        }
    }
    const std::string_view now = phase_name();
    std::printf("%lld frames, step %llu: %s, %.*s\n", static_cast<long long>(frame),
                static_cast<unsigned long long>(game.step(world)), game.summary(world).c_str(),
                static_cast<int>(now.size()), now.data());
    const double frames = frame > 0 ? static_cast<double>(frame) : 1.0;
    const double ecs = milliseconds(ecs_time) / frames;
    const double draw = milliseconds(draw_time) / frames;
    std::printf("%zu entities, %s: ECS %.3f ms + draw %.3f ms per frame (%.1f fps)\n", world.size(), executor_name, ecs,
                draw, 1000.0 / (ecs + draw));
    return 0;
}

} // namespace screen
