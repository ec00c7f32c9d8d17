// system_commands: what a system with commands = true may do to the world.
#pragma once

#include <kiln/archetype.hpp>
#include <kiln/command_buffer.hpp>
#include <kiln/entity.hpp>
#include <kiln/handle.hpp>

namespace kiln {

// Records structural changes (create, destroy, add, remove, set) into a
// system's command buffer, applied when its stage ends, and answers alive and
// has from the entity table, which no one changes while a stage runs. It
// reads no component and no resource: a system shares its batch with others,
// and may touch nothing beyond what it declared, or the schedule's promise
// that a batch has no conflicts would not hold.
template <class World>
class system_commands {
public:
    system_commands(const World& world, command_buffer<World>& commands) noexcept
        : world_{&world}, commands_{&commands} {}

    [[nodiscard]] bool alive(entity e) const noexcept { return world_->alive(e); }

    template <class C>
    [[nodiscard]] bool has(entity e) const noexcept {
        return world_->template has<C>(e);
    }

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
