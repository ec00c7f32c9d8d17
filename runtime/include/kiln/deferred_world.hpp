// deferred_world: the world as a loop over it may touch it.
#pragma once

#include <kiln/archetype.hpp>
#include <kiln/command_buffer.hpp>
#include <kiln/entity.hpp>
#include <kiln/handle.hpp>

namespace kiln {

// What each() hands a function that asks for it: the world's components and
// resources to read and write, and its structural changes (create, destroy,
// add, remove, set) recorded in a command buffer instead of done. It has no
// way to change the world's shape at once, so code written against it cannot
// move the rows a loop is reading: that mistake does not compile.
template <class World>
class deferred_world {
public:
    deferred_world(World& world, command_buffer<World>& commands) noexcept : world_{&world}, commands_{&commands} {}

    [[nodiscard]] bool alive(entity e) const noexcept { return world_->alive(e); }

    template <class C>
    [[nodiscard]] bool has(entity e) const noexcept {
        return world_->template has<C>(e);
    }

    template <class C>
    [[nodiscard]] decltype(auto) get(entity e) const {
        return world_->template get<C>(e);
    }

    template <class C>
    [[nodiscard]] auto try_get(entity e) const {
        return world_->template try_get<C>(e);
    }

    template <class R>
    [[nodiscard]] R& resource() const noexcept {
        return world_->template resource<R>();
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
    World* world_;
    command_buffer<World>* commands_;
};

} // namespace kiln
