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
    // Reads and writes world's components and resources, and records into
    // commands, which must be world's. Precondition: both outlive it; the
    // runtime makes one for each loop, system and observer that asks.
    deferred_world(World& world, command_buffer<World>& commands) noexcept
        : command_recorder<World>{world, commands}, world_{&world} {}

    // world.get<C>(e) (C may be const): C& for packed components, C::ref for
    // split ones; a writable C of a tracked component marks the row as
    // changed. Precondition: has<C>(e) now (not after recorded commands);
    // checked in every build: broken, the program stops with a message. The
    // reference holds while the world's shape does not change, which it
    // cannot through this object.
    template <class C>
    [[nodiscard]] decltype(auto) get(entity e) const {
        return world_->template get<C>(e);
    }

    // world.try_get<C>(e): C of e, or nothing when e is dead or lacks C (a
    // null pointer for packed and tag components, an empty std::optional of
    // C::ref for split ones).
    template <class C>
    [[nodiscard]] auto try_get(entity e) const {
        return world_->template try_get<C>(e);
    }

    // The world's resource R, to read and write. A type the world's schema
    // does not declare as a resource is a compile error.
    template <class R>
    [[nodiscard]] R& resource() const noexcept {
        return world_->template resource<R>();
    }

private:
    World* world_;
};

} // namespace kiln
