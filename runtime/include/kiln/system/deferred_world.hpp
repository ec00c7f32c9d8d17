// deferred_world: the world as a loop over it may touch it.
#pragma once

#include <kiln/entity/entity.hpp>
#include <kiln/system/command_recorder.hpp>

namespace kiln {

// What each() hands a function that asks for it: the world's components and
// resources to read and write, and its structural changes (create, destroy,
// add, remove, set) recorded in a command buffer instead of done. It has no
// way to change the world's shape at once, so code written against it cannot
// move the rows a loop is reading: that mistake does not compile.
template <class World>
class deferred_world : public command_recorder<World> {
public:
    deferred_world(World& world, command_buffer<World>& commands) noexcept
        : command_recorder<World>{world, commands}, world_{&world} {}

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

private:
    World* world_;
};

} // namespace kiln
