// command_recorder: recording structural changes, and asking who is alive.
#pragma once

#include <kiln/entity/entity.hpp>
#include <kiln/entity/handle.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/system/command_buffer.hpp>

namespace kiln {

// Records create, destroy, add, remove, replace, set, set_parent, remove_parent
// and calls of a function on the world into a command buffer, and answers alive and has from the world's entity
// table, and parent and children from its hierarchy. What deferred_world
// (a loop's view of the world) and system_commands (a system's) share.
template <class World>
class command_recorder {
public:
    // Reads world and records into commands, which must be world's.
    // Precondition: both outlive the recorder; the runtime makes recorders
    // for the loops, systems and observers it hands them to.
    command_recorder(const World& world, command_buffer<World>& commands) noexcept
        : world_{&world}, commands_{&commands} {}

    // world.alive(e), as the world is now: an entity whose create is
    // recorded is not alive until the buffer applies, and one whose destroy
    // is recorded still is.
    [[nodiscard]] bool alive(entity e) const noexcept { return world().alive(e); }

    // world.has<C>(e), as the world is now: recorded adds and removes have
    // not happened yet. False for a dead or null e.
    template <class C>
    [[nodiscard]] bool has(entity e) const noexcept {
        return world().template has<C>(e);
    }

    // Records the creation of an entity of archetype A; its handle is
    // reserved now, alive once the buffer is applied
    // (command_buffer::create).
    template <archetype A, class... Given>
    handle<A> create(const Given&... given) const {
        return buffer().template create<A>(given...);
    }

    // Records the spawn of prefab P; its handles are reserved now, alive
    // once the buffer is applied (command_buffer::spawn).
    template <prefab P, class... Overrides>
    spawned<P> spawn(const Overrides&... overrides) const {
        return buffer().template spawn<P>(overrides...);
    }

    // Records world.destroy(e), skipped if e is dead when applied
    // (command_buffer::destroy).
    void destroy(entity e) const { buffer().destroy(e); }

    // Records world.add<C>(e, value); when applied, skipped if e is dead,
    // and stopping the program with a message if e has C then or no
    // archetype holds the result (command_buffer::add).
    template <class C>
    void add(entity e, const C& value = C{}) const {
        buffer().template add<C>(e, value);
    }

    // Records world.remove<C>(e); when applied, nothing if e is dead or
    // lacks C then (command_buffer::remove).
    template <class C>
    void remove(entity e) const {
        buffer().template remove<C>(e);
    }

    // Records world.replace<Lost, Gained>(e, value); when applied, nothing if
    // e is dead or lacks Lost then (command_buffer::replace).
    template <class Lost, class Gained>
    void replace(entity e, const Gained& value = Gained{}) const {
        buffer().template replace<Lost, Gained>(e, value);
    }

    // Records world.set<C>(e, value): assign or add when applied, skipped if
    // e is dead then (command_buffer::set).
    template <class C>
    void set(entity e, const C& value) const {
        buffer().template set<C>(e, value);
    }

    // Records world.hierarchy().set_parent(child, parent), skipped when
    // applied if it would be refused then (command_buffer::set_parent).
    void set_parent(entity child, entity parent) const { buffer().set_parent(child, parent); }

    // Records world.hierarchy().remove_parent(child)
    // (command_buffer::remove_parent).
    void remove_parent(entity child) const { buffer().remove_parent(child); }

    // Records a call of F(world, args...), made when the buffer is applied,
    // in order with the other commands (command_buffer::call): a change no
    // other command makes, such as a scene loaded.
    template <auto F, class... Args>
    void call(const Args&... args) const {
        buffer().template call<F>(args...);
    }

    // The world's hierarchy, to read: it changes only when commands apply.
    [[nodiscard]] auto hierarchy() const noexcept { return world().hierarchy(); }

private:
    // Recording a command compiles the world's code that applies it, and
    // alive, has and hierarchy read the world: each needs World defined,
    // which a file that includes only <namespace>/systems.hpp (where a
    // system's or an observer's run() is usually defined) only declares.
    static constexpr void require_defined_world() {
        static_assert(requires { sizeof(World); },
                      "kiln::system_commands, kiln::deferred_world: recording a command compiles the world's code "
                      "that applies it, so the file needs the whole world: include <namespace>/world.hpp where a "
                      "system's or an observer's run() records commands (systems.hpp only declares World)");
    }

    const World& world() const noexcept {
        require_defined_world();
        return *world_;
    }

    command_buffer<World>& buffer() const noexcept {
        require_defined_world();
        return *commands_;
    }

    const World* world_;
    command_buffer<World>* commands_;
};

} // namespace kiln
