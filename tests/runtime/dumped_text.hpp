// What kiln::dump writes for a world, as one string: the tests of a world
// compare two worlds by it.
#pragma once

#include <kiln/dump.hpp>

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

namespace kiln_test {

template <class World>
std::string dumped_text(const World& world) {
    std::FILE* file = std::tmpfile();
    REQUIRE(file != nullptr);
    kiln::dump(world, file);
    std::string text(static_cast<std::size_t>(std::ftell(file)), '\0');
    std::rewind(file);
    REQUIRE(std::fread(text.data(), 1, text.size(), file) == text.size());
    std::fclose(file);
    return text;
}

} // namespace kiln_test
