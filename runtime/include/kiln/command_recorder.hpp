// command_recorder: recording structural changes, and asking who is alive.
#pragma once

#include <kiln/archetype.hpp>
#include <kiln/command_buffer.hpp>
#include <kiln/entity.hpp>
#include <kiln/handle.hpp>

namespace kiln {

// Records create, destroy, add, remove, set, set_parent and remove_parent
// into a command buffer, and answers alive and has from the world's entity
// table, and parent and children from its hierarchy. What deferred_world
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

    void set_parent(entity child, entity parent) const { commands_->set_parent(child, parent); }

    void remove_parent(entity child) const { commands_->remove_parent(child); }

    // The world's hierarchy, to read: it changes only when commands apply.
    [[nodiscard]] auto hierarchy() const noexcept { return world_->hierarchy(); }

private:
    const World* world_;
    command_buffer<World>* commands_;
};

} // namespace kiln
