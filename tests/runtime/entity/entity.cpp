#include <kiln/entity/entity.hpp>

#include <catch2/catch.hpp>

TEST_CASE("a default entity is the null entity") {
    const kiln::entity e;
    CHECK(e.is_null());
    CHECK(e == kiln::null_entity);
    CHECK_FALSE(kiln::entity(0, 0).is_null());
}

TEST_CASE("entities compare by index and generation") {
    CHECK(kiln::entity(3, 1) == kiln::entity(3, 1));
    CHECK(kiln::entity(3, 1) != kiln::entity(3, 2));
    CHECK(kiln::entity(3, 1) != kiln::entity(4, 1));
    CHECK(kiln::entity(3, 1) < kiln::entity(4, 0));
}

TEST_CASE("an entity survives its round trip through bits") {
    const kiln::entity e(0x12345678u, 0x9abcdef0u);
    CHECK(e.to_bits() == 0x9abcdef012345678ull);
    CHECK(kiln::entity::from_bits(e.to_bits()) == e);
    CHECK(kiln::entity::from_bits(kiln::null_entity.to_bits()).is_null());
}
