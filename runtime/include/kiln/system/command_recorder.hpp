// command_recorder: recording structural changes, and asking who is alive.
#pragma once

#include <kiln/entity/entity.hpp>
#include <kiln/entity/handle.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/system/command_buffer.hpp>

namespace kiln {

// Records create, spawn, destroy, add, remove, replace, set, set_parent,
// remove_parent and calls of a function on the world into a command buffer, and answers alive and has from the world's entity
// table, and parent and children from its hierarchy. What deferred_world
// (a loop's view of the world) and system_commands (a system's) share.
//
// A file that only declares World (a system's header includes
// <namespace>/world_fwd.hpp) may record every command, and ask alive and
// has: create, spawn, add, remove, replace and set are recorded as data
// there, and applied by the world's code compiled where the buffer is
// applied (command_buffer). A create needs its archetype defined
// (<namespace>/archetypes/<A>.hpp, which the file includes), a spawn its
// prefab (<namespace>/prefabs/<P>.hpp); hierarchy needs World defined
// (<namespace>/world.hpp). Typed, a parameter of the six and of has, says
// which kind of record this file makes: the two kinds are separate
// functions, so that a program whose files differ in what they see of World
// holds one definition of each.
template <class World>
class command_recorder {
public:
    // Reads world and records into commands, which must be world's.
    // Precondition: both outlive the recorder; the runtime makes recorders
    // for the loops, systems and observers it hands them to.
    // The recorder may be handed to a file that sees World only declared,
    // whose records apply through the world's appliers: made here, where
    // World is defined.
    command_recorder(const World& world, command_buffer<World>& commands) noexcept
        : world_{&world}, commands_{&commands} {
        commands.take_appliers();
    }

    // world.alive(e), as the world is now: an entity whose create is
    // recorded is not alive until the buffer applies, and one whose destroy
    // is recorded still is.
    [[nodiscard]] bool alive(entity e) const noexcept { return commands_->alive(e); }

    // world.has<C>(e), as the world is now: recorded adds and removes have
    // not happened yet. False for a dead or null e.
    template <class C, bool Typed = requires { sizeof(internal::named_through<World, C>); }>
    [[nodiscard]] bool has(entity e) const noexcept {
        if constexpr (Typed) {
            return world_->template has<C>(e);
        } else {
            return commands_->template has<C>(e);
        }
    }

    // Records the creation of an entity of archetype A; its handle is
    // reserved now, alive once the buffer is applied
    // (command_buffer::create). A must be defined where this is called: a
    // system's header only declares the archetypes it names.
    template <class A, bool Typed = requires { sizeof(internal::named_through<World, A>); }, class... Given>
    handle<A> create(const Given&... given) const {
        static_assert(requires { sizeof(A); },
                      "kiln::system_commands, kiln::deferred_world: create<A> needs archetype A defined: include "
                      "<namespace>/archetypes/<A>.hpp where a system's or an observer's run() creates one (a "
                      "system's header only declares the archetypes it names)");
        return commands_->template create<A, Typed>(given...);
    }

    // Records the spawn of prefab P; returns its spawned<P>, the handles
    // reserved now, alive once the buffer is applied
    // (command_buffer::spawn). P must be defined where this is called:
    // <namespace>/world_fwd.hpp only declares the prefabs. (The return type
    // is deduced so that an undefined P stops at the sentence below, not
    // inside spawned<P>.)
    template <class P, bool Typed = requires { sizeof(internal::named_through<World, P>); }, class... Overrides>
    auto spawn(const Overrides&... overrides) const {
        static_assert(requires { sizeof(P); },
                      "kiln::system_commands, kiln::deferred_world: spawn<P> needs prefab P defined: include "
                      "<namespace>/prefabs/<P>.hpp where a system's or an observer's run() spawns one (a system's "
                      "header only declares the prefabs)");
        if constexpr (requires { sizeof(P); }) {
            return commands_->template spawn<P, Typed>(overrides...);
        }
    }

    // Records world.destroy(e), skipped if e is dead when applied
    // (command_buffer::destroy).
    void destroy(entity e) const { commands_->destroy(e); }

    // Records world.add<C>(e, value); when applied, skipped if e is dead,
    // and stopping the program with a message if e has C then or no
    // archetype holds the result (command_buffer::add).
    template <class C, bool Typed = requires { sizeof(internal::named_through<World, C>); }>
    void add(entity e, const C& value = C{}) const {
        commands_->template add<C, Typed>(e, value);
    }

    // Records world.remove<C>(e); when applied, nothing if e is dead or
    // lacks C then (command_buffer::remove).
    template <class C, bool Typed = requires { sizeof(internal::named_through<World, C>); }>
    void remove(entity e) const {
        commands_->template remove<C, Typed>(e);
    }

    // Records world.replace<Lost, Gained>(e, value); when applied, nothing if
    // e is dead or lacks Lost then (command_buffer::replace).
    template <class Lost, class Gained, bool Typed = requires { sizeof(internal::named_through<World, Lost>); }>
    void replace(entity e, const Gained& value = Gained{}) const {
        commands_->template replace<Lost, Gained, Typed>(e, value);
    }

    // Records world.set<C>(e, value): assign or add when applied, skipped if
    // e is dead then (command_buffer::set).
    template <class C, bool Typed = requires { sizeof(internal::named_through<World, C>); }>
    void set(entity e, const C& value) const {
        commands_->template set<C, Typed>(e, value);
    }

    // Records world.hierarchy().set_parent(child, parent), skipped when
    // applied if it would be refused then (command_buffer::set_parent).
    void set_parent(entity child, entity parent) const { commands_->set_parent(child, parent); }

    // Records world.hierarchy().remove_parent(child)
    // (command_buffer::remove_parent).
    void remove_parent(entity child) const { commands_->remove_parent(child); }

    // Records a call of F(world, args...), made when the buffer is applied,
    // in order with the other commands (command_buffer::call): a change no
    // other command makes, such as a scene loaded.
    template <auto F, class... Args>
    void call(const Args&... args) const {
        commands_->template call<F>(args...);
    }

    // The world's hierarchy, to read: it changes only when commands apply.
    [[nodiscard]] auto hierarchy() const noexcept {
        require_defined_world();
        return world_->hierarchy();
    }

private:
    // The hierarchy is read from the world: it needs World defined, which a
    // file that includes only systems' headers (where a system's or an
    // observer's run() is usually defined) only declares.
    static constexpr void require_defined_world() {
        static_assert(requires { sizeof(World); },
                      "kiln::system_commands, kiln::deferred_world: hierarchy needs the whole world: include "
                      "<namespace>/world.hpp where a system's or an observer's run() reads it (a system's header "
                      "only declares World; create, spawn, destroy, add, remove, replace, set, set_parent, "
                      "remove_parent, call, alive and has need no more)");
    }

    const World* world_;
    command_buffer<World>* commands_;
};

} // namespace kiln
