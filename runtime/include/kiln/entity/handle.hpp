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
    using archetype_type = A;

    constexpr handle() noexcept = default;

    // Adopts e as an entity of A, unchecked: the world's create and
    // handle_of call this; user code gets handles from them.
    static constexpr handle adopt(entity e) noexcept { return handle{e}; }

    [[nodiscard]] constexpr entity get() const noexcept { return entity_; }
    constexpr operator entity() const noexcept { return entity_; }

    friend constexpr bool operator==(handle, handle) noexcept = default;

private:
    constexpr explicit handle(entity e) noexcept : entity_{e} {}

    entity entity_;
};

} // namespace kiln
