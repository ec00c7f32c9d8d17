// kiln::handle<A>: an entity handle that knows its archetype at compile time.
#pragma once

#include <kiln/entity/entity.hpp>

namespace kiln {

// The handle of an entity of archetype A. The world reaches its components
// without looking up the archetype: A's storage is named by the type. It
// converts to the plain kiln::entity; the way back is world.handle_of<A>(e),
// which checks.
//
// A handle<A> names an entity while it lives in A: once the entity moves to
// another archetype (a component added or removed through a plain entity
// handle), operations through the old handle<A> stop with a message, as for a
// dead handle.
template <class A>
class handle {
public:
    // The archetype the entity lives in.
    using archetype_type = A;

    // A handle of the null entity, which is never alive: the world's get, add
    // and remove of a handle<A> stop with a message on it, as on a dead
    // handle; converted, it is kiln::null_entity, which alive, has, try_get
    // and destroy accept.
    constexpr handle() noexcept = default;

    // Adopts e as an entity of A, unchecked: the world's create and
    // handle_of call this; user code gets handles from them. Precondition: e
    // is an entity of A; broken, the world's get, add and remove of the
    // handle stop with a message (they check its archetype, in every build).
    static constexpr handle adopt(entity e) noexcept { return handle{e}; }

    // The plain handle of the same entity, which any archetype's operations
    // take; it stays valid when the entity moves to another archetype.
    [[nodiscard]] constexpr entity get() const noexcept { return entity_; }
    // The same as get(): a handle<A> goes wherever a kiln::entity does.
    constexpr operator entity() const noexcept { return entity_; }

    // Equal when they name the same entity (index and generation).
    friend constexpr bool operator==(handle, handle) noexcept = default;

private:
    constexpr explicit handle(entity e) noexcept : entity_{e} {}

    entity entity_;
};

} // namespace kiln
