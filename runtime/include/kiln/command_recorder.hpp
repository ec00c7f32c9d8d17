// command_recorder: recording structural changes, and asking who is alive.
#pragma once

#include <kiln/archetype.hpp>
#include <kiln/command_buffer.hpp>
#include <kiln/entity.hpp>
#include <kiln/handle.hpp>

namespace kiln {

// Records create, destroy, add, remove and set into a command buffer, and
// answers alive and has from the world's entity table. What deferred_world
// (a loop's view of the world) and system_commands (a system's) share.
template <class World>
class command_recorder {
public:
    command_recorder(const World& world, command_buffer<World>& commands) noexcept
        : world_{&world}, commands_{&commands} {}

    [[nodiscard]] bool alive(entity e) const noexcept { return world_->alive(e); }

    template <class C>
    [[nodiscard]] bool has(entity e) const noexcept {
        return world_->template has<C>(e);
    }

    // Records the creation of an entity of archetype A; its handle is
    // reserved now, alive once the buffer is applied.
    template <archetype A, class... Given>
    handle<A> create(const Given&... given) const {
        return commands_->template create<A>(given...);
    }

    void destroy(entity e) const { commands_->destroy(e); }

    template <class C>
    void add(entity e, const C& value = C{}) const {
        commands_->template add<C>(e, value);
    }

    template <class C>
    void remove(entity e) const {
        commands_->template remove<C>(e);
    }

    template <class C>
    void set(entity e, const C& value) const {
        commands_->template set<C>(e, value);
    }

private:
    const World* world_;
    command_buffer<World>* commands_;
};

} // namespace kiln
