#include <kiln/save.hpp>

#include <fixture/reflection.hpp>

#include "sample_world.hpp"

#include <catch2/catch.hpp>

#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <sys/resource.h>

namespace {

using kiln::component_reflection;
using kiln::resource_traits;
using sample::bytes;
using sample::dumped;
using sample::next_handles;
using sample::sample_world;
using sample::saved;

// The bytes load reads before it checks the checksum: the magic and the
// format version.
constexpr std::size_t read_before_checksum = 12;

// A save's bytes before its checksum.
bytes payload_of(const bytes& save) {
    return {save.begin(), save.end() - static_cast<std::ptrdiff_t>(kiln::internal::save_checksum_size)};
}

// payload followed by its checksum, which therefore matches whatever payload
// holds: how the tests of the checks behind the checksum reach them.
bytes with_checksum(bytes payload) {
    const std::uint64_t checksum = kiln::internal::save_checksum(payload);
    const auto* first = reinterpret_cast<const std::byte*>(&checksum);
    payload.insert(payload.end(), first, first + sizeof checksum);
    return payload;
}

// Writes a save by hand, as docs/saves.md describes the format: the tests of
// schema evolution and of hostile input write saves this program's schema
// could not have written.
class save_builder {
public:
    save_builder& u8(std::uint8_t value) { return raw(&value, 1); }
    save_builder& u32(std::uint32_t value) { return raw(&value, 4); }
    save_builder& u64(std::uint64_t value) { return raw(&value, 8); }
    save_builder& f32(float value) { return raw(&value, 4); }
    save_builder& text(std::string_view value) {
        u32(static_cast<std::uint32_t>(value.size()));
        return raw(value.data(), value.size());
    }
    save_builder& raw(const void* data, std::size_t size) {
        const auto* first = static_cast<const std::byte*>(data);
        out.insert(out.end(), first, first + size);
        return *this;
    }
    save_builder& header(std::string_view name = fixture::schema::name, std::uint32_t version = fixture::schema::version) {
        const unsigned char magic[8] = {0x89, 'K', 'I', 'L', 'N', '\r', '\n', 0x1a};
        raw(magic, 8).u32(kiln::internal::save_format_version).u32(version).u64(0).text(name);
        return *this;
    }
    // A component (layout 0 packed, 1 split, 2 tag) of size bytes and fields.
    struct field {
        std::uint32_t id;
        std::string_view type;
        std::uint32_t offset;
        std::uint32_t size;
    };
    save_builder& type(std::uint32_t id, int layout, std::uint32_t size, std::initializer_list<field> fields) {
        u32(id);
        if (layout >= 0) {
            u8(static_cast<std::uint8_t>(layout));
        }
        u32(size).u32(static_cast<std::uint32_t>(fields.size()));
        for (const field& f : fields) {
            u32(f.id).text(f.type).u32(f.offset).u32(f.size);
        }
        return *this;
    }
    save_builder& handles(std::initializer_list<kiln::entity> entities) {
        for (const kiln::entity e : entities) {
            u64(e.to_bits());
        }
        return *this;
    }

    // What was written, with the checksum that ends a save.
    [[nodiscard]] bytes sealed() const { return with_checksum(out); }

    bytes out;
};

template <class C>
constexpr std::uint32_t id_of = component_reflection<C>::stable_id;

// The sample world and some dozens more entities of its archetypes, some of
// them destroyed: its save is a few KB.
std::unique_ptr<sample_world> busy_world() {
    auto sample = std::make_unique<sample_world>();
    fixture::World& world = sample->world;
    std::vector<kiln::entity> made;
    for (int i = 0; i < 60; ++i) {
        const auto f = static_cast<float>(i);
        switch (i % 5) {
        case 0:
            made.push_back(world.create<fixture::Particle>(fixture::Position{f, -f}, fixture::Velocity{f / 2, 3}));
            break;
        case 1:
            made.push_back(world.create<fixture::Ship>(fixture::Health{i, i % 2 == 0},
                                                       fixture::Color{static_cast<std::uint8_t>(i), 7, 9},
                                                       fixture::Target{made[made.size() / 2]}));
            break;
        case 2:
            made.push_back(world.create<fixture::Marker>(fixture::Position{-f, f}));
            break;
        case 3:
            made.push_back(world.create<fixture::Probe>(fixture::Scanner{f, {i, -i}}, fixture::Orientation{{f, 1, 2}},
                                                        fixture::Samples{{f, -f, 0.5}, static_cast<std::uint16_t>(i)}));
            break;
        default:
            made.push_back(world.create<fixture::Beacon>());
        }
    }
    for (std::size_t i = 0; i < made.size(); i += 7) {
        world.destroy(made[i]);
    }
    world.resource<fixture::Clock>().ticks = 1234;
    return sample;
}

} // namespace

TEST_CASE("a saved world loads back with every value, handle and resource") {
    sample_world sample;
    const bytes save = saved(sample.world);
    fixture::World loaded;
    REQUIRE_FALSE(kiln::load(loaded, save));

    CHECK(dumped(loaded) == dumped(sample.world));
    CHECK(loaded.size() == sample.world.size());
    CHECK(loaded.get<fixture::Orientation>(sample.probe).axis == fixture_math::vec3{1, 2, 3});
    CHECK(loaded.get<fixture::Target>(sample.ship).who == sample.particle);
    CHECK(loaded.get<fixture::Target>(sample.frozen).who == sample.frozen);
    const fixture::Color color = loaded.get<fixture::Color>(sample.ship);
    CHECK((color.r == 10 && color.g == 20 && color.b == 30));
    CHECK(loaded.has<fixture::Frozen>(sample.frozen));
    CHECK(loaded.archetype_name(sample.reused) == "Particle");
    CHECK(loaded.resource<fixture::Score>().points == -12345678901);
    CHECK(saved(loaded) == save);
}

TEST_CASE("a save holds zeros where a component or resource has padding, whatever memory held there") {
    static_assert(sizeof(fixture::Health) > sizeof(std::int32_t) + sizeof(bool), "Health has padding");
    static_assert(sizeof(fixture::Clock) > sizeof(float) + sizeof(std::uint64_t), "Clock has padding");
    const auto world_with_padding = [](std::byte fill) {
        auto world = std::make_unique<fixture::World>();
        fixture::Health health;
        std::memset(static_cast<void*>(&health), std::to_integer<int>(fill), sizeof health);
        health.hp = 9;
        health.regen = true;
        world->create<fixture::Ship>(health);
        fixture::Clock& clock = world->resource<fixture::Clock>();
        std::memset(static_cast<void*>(&clock), std::to_integer<int>(fill), sizeof clock);
        clock.dt = 0.5f;
        clock.ticks = 3;
        return world;
    };
    const bytes clean = saved(*world_with_padding(std::byte{0}));
    CHECK(saved(*world_with_padding(std::byte{0xa5})) == clean);
    CHECK(saved(*world_with_padding(std::byte{0xff})) == clean);
}

TEST_CASE("docs/saves.md: a save to a file, loaded back over a changed world") {
    const std::string path = (std::filesystem::temp_directory_path() / "kiln_saves_md.save").string();
    fixture::World world;
    const kiln::entity ship = world.create<fixture::Ship>(fixture::Health{42, true});
    if (const kiln::save_error error = kiln::save_file(world, path)) {
        std::fprintf(stderr, "cannot save: %s\n", error.message.c_str());
    }
    world.destroy(ship);
    if (const kiln::save_error error = kiln::load_file(world, path)) {
        std::fprintf(stderr, "cannot load: %s\n", error.message.c_str());
    }
    CHECK(world.get<fixture::Health>(ship).hp == 42); // the same handle, alive again
    std::filesystem::remove(path);
}

TEST_CASE("a loaded world issues the handles the saved one would have") {
    sample_world sample;
    const bytes save = saved(sample.world);
    fixture::World loaded;
    REQUIRE_FALSE(kiln::load(loaded, save));
    const std::vector<kiln::entity> expected = next_handles(sample.world, 6);
    CHECK(next_handles(loaded, 6) == expected);
    CHECK(expected[0].generation() > 0); // reused slots came first
}

TEST_CASE("handles destroyed before the save stay dead after it") {
    fixture::World world;
    const kiln::entity gone = world.create<fixture::Particle>();
    world.destroy(gone);
    const kiln::entity kept = world.create<fixture::Particle>();
    fixture::World loaded;
    REQUIRE_FALSE(kiln::load(loaded, saved(world)));
    CHECK_FALSE(loaded.alive(gone));
    CHECK(loaded.alive(kept));
}

TEST_CASE("load replaces what the world held, resources included") {
    sample_world sample;
    fixture::World world;
    const kiln::entity before = world.create<fixture::Ship>();
    world.resource<fixture::Clock>().ticks = 5;
    fixture::World empty;
    REQUIRE_FALSE(kiln::load(world, saved(empty)));
    CHECK(world.size() == 0);
    CHECK_FALSE(world.alive(before));
    CHECK(world.resource<fixture::Clock>().ticks == 0);
    REQUIRE_FALSE(kiln::load(world, saved(sample.world)));
    CHECK(dumped(world) == dumped(sample.world));
}

TEST_CASE("a resource the save lacks loads as its default, whatever the world held") {
    save_builder empty; // no components, resources, archetypes or slots
    empty.header().u32(0).u32(0).u32(0).u32(0).u32(0);
    fixture::World world;
    world.resource<fixture::Clock>() = {9.0f, 42};
    world.create<fixture::Ship>();
    REQUIRE_FALSE(kiln::load(world, empty.sealed()));
    CHECK(world.size() == 0);
    CHECK(world.resource<fixture::Clock>().dt == 0.25f);
    CHECK(world.resource<fixture::Clock>().ticks == 0);
}

TEST_CASE("load over a world of the same size keeps the memory of its columns") {
    fixture::World world;
    const kiln::entity first = world.create<fixture::Particle>(fixture::Position{1, 2});
    for (int i = 1; i < 1000; ++i) {
        world.create<fixture::Particle>(fixture::Position{static_cast<float>(i), 0});
    }
    const bytes save = saved(world);
    const fixture::Position* const column = &world.get<fixture::Position>(first);
    world.get<fixture::Position>(first).x = 7;
    REQUIRE_FALSE(kiln::load(world, save));
    CHECK(&world.get<fixture::Position>(first) == column);
    CHECK(world.get<fixture::Position>(first).x == 1);
}

TEST_CASE("entity fields that name no live entity load as null") {
    fixture::World world;
    const kiln::entity gone = world.create<fixture::Particle>();
    world.destroy(gone);
    const kiln::entity ship = world.create<fixture::Ship>(fixture::Target{gone});
    const kiln::entity never = world.create<fixture::Ship>(fixture::Target{kiln::entity{1000, 3}});
    fixture::World loaded;
    REQUIRE_FALSE(kiln::load(loaded, saved(world)));
    CHECK(loaded.get<fixture::Target>(ship).who.is_null());
    CHECK(loaded.get<fixture::Target>(never).who.is_null());
}

TEST_CASE("save writes rows left by destroy(e) as the settled world holds them, and settles nothing") {
    for (const int every : {97, 3}) { // a few holes, which settling sorts; many, which it marks
        INFO("one in every " << every << " destroyed");
        fixture::World world;
        sample::leave_holes(world, 1000, every);
        const bytes unsettled = saved(world);
        CHECK(world.unsettled_storage<fixture::Particle>().storage().hole_count() > 0);
        world.settle();
        CHECK(unsettled == saved(world));
    }
}

TEST_CASE("save refuses a world with commands not applied, until flush") {
    fixture::World world;
    world.commands().create<fixture::Particle>();
    bytes out;
    const kiln::save_error error = kiln::save(world, out);
    CHECK(error.code == kiln::save_errc::pending_changes);
    CHECK(error.message == "save: the world has 1 command not applied and 1 entity reserved by creates not applied; "
                           "apply them (flush()) or discard their buffers first");
    CHECK(out.empty());
    world.flush();
    CHECK_FALSE(kiln::save(world, out));
}

TEST_CASE("load refuses a world with a create pending in any buffer, and leaves it as it was") {
    sample_world source;
    const bytes save = saved(source.world);
    fixture::World world;
    const kiln::entity kept = world.create<fixture::Ship>(fixture::Health{5});
    kiln::command_buffer<fixture::World> buffer{world};
    const kiln::entity from_worlds = world.commands().create<fixture::Particle>();
    world.flush();
    const kiln::entity from_buffer = buffer.create<fixture::Particle>();
    world.commands().create<fixture::Particle>();
    const std::string before = dumped(world);

    kiln::save_error error = kiln::load(world, save);
    CHECK(error.code == kiln::save_errc::pending_changes);
    CHECK(error.message == "load: the world has 1 command not applied and 2 entities reserved by creates not applied; "
                           "apply them (flush()) or discard their buffers first");
    CHECK(dumped(world) == before);
    world.flush();
    error = kiln::load(world, save); // the buffer's reservation still waits
    CHECK(error.code == kiln::save_errc::pending_changes);
    CHECK(world.get<fixture::Health>(kept).hp == 5);

    buffer.apply();
    CHECK(world.alive(from_worlds));
    CHECK(world.alive(from_buffer));
    CHECK(world.size() == 4);
}

TEST_CASE("after a buffer is discarded, load succeeds and every handle names one entity") {
    sample_world source;
    const bytes save = saved(source.world);
    fixture::World world;
    kiln::command_buffer<fixture::World> buffer{world};
    buffer.create<fixture::Particle>();
    REQUIRE(kiln::load(world, save).code == kiln::save_errc::pending_changes);
    buffer.discard();
    REQUIRE_FALSE(kiln::load(world, save));
    CHECK(dumped(world) == dumped(source.world));
    // The loaded world issues the handles the saved one would, each once.
    CHECK(next_handles(world, 8) == next_handles(source.world, 8));
}

TEST_CASE("a sink that fails stops the save with an io error") {
    sample_world sample;
    int calls = 0;
    const kiln::save_error error = kiln::save(sample.world, [&](std::span<const std::byte>) { return ++calls < 1; });
    CHECK(error.code == kiln::save_errc::io);
    CHECK(calls == 1);
}

TEST_CASE("every truncation of a save is an error that leaves the world as it was") {
    sample_world sample;
    const bytes save = saved(sample.world);
    fixture::World world;
    world.create<fixture::Ship>(fixture::Health{3, false});
    const bytes before = saved(world);
    // Cut short, the save ends in bytes that are not its checksum.
    for (std::size_t size = 0; size < save.size(); ++size) {
        const kiln::save_error error = kiln::load(world, std::span{save}.first(size));
        INFO("truncated to " << size << " bytes: " << error.message);
        const bool holds_a_checksum = size >= read_before_checksum + kiln::internal::save_checksum_size;
        REQUIRE(error.code == (holds_a_checksum ? kiln::save_errc::corrupt : kiln::save_errc::truncated));
        REQUIRE(error.offset <= size);
    }
    // Behind a checksum that matches, every read checks that the input holds what it asks for.
    const bytes payload = payload_of(save);
    for (std::size_t size = read_before_checksum; size < payload.size(); ++size) {
        const kiln::save_error error = kiln::load(world, with_checksum({payload.begin(), payload.begin() + size}));
        INFO("payload truncated to " << size << " bytes: " << error.message);
        REQUIRE(error.code == kiln::save_errc::truncated);
        REQUIRE(error.offset <= size);
    }
    CHECK(saved(world) == before);
}

TEST_CASE("bytes after the save are an error") {
    sample_world sample;
    bytes save = saved(sample.world);
    save.push_back(std::byte{0});
    fixture::World world;
    CHECK(kiln::load(world, save).code == kiln::save_errc::corrupt); // the checksum is read from the wrong place

    bytes payload = payload_of(saved(sample.world));
    payload.push_back(std::byte{0});
    const kiln::save_error error = kiln::load(world, with_checksum(payload));
    CHECK(error.code == kiln::save_errc::corrupt);
    CHECK(error.message == "corrupt save: 1 byte follows the last archetype, at byte " + std::to_string(payload.size() - 1) +
                               ", where the save should end");
}

TEST_CASE("every single-bit flip of a save is refused, and leaves the world as it was") {
    const auto busy = busy_world();
    bytes save = saved(busy->world);
    REQUIRE(save.size() > 3000);
    fixture::World world;
    world.create<fixture::Ship>(fixture::Health{3, false});
    world.resource<fixture::Clock>().ticks = 5;
    const bytes before = saved(world);
    for (std::size_t at = 0; at < save.size(); ++at) {
        for (int bit = 0; bit < 8; ++bit) {
            save[at] ^= std::byte{1} << bit;
            const kiln::save_error error = kiln::load(world, save);
            save[at] ^= std::byte{1} << bit;
            INFO("bit " << bit << " of byte " << at << ": " << error.message);
            // The magic and the format version come before the checksum, and are refused as what they are;
            // but bit 0 of the version turns format 2 into 3, which is read too, and the checksum refuses it.
            const bool format_read_too = at == 8 && bit == 0;
            const kiln::save_errc expected = at < 8 ? kiln::save_errc::not_a_save
                                             : at < read_before_checksum && !format_read_too
                                                 ? kiln::save_errc::unsupported_format
                                                 : kiln::save_errc::corrupt;
            REQUIRE(error.code == expected);
            if (at >= read_before_checksum) {
                const std::size_t checksum_at = save.size() - kiln::internal::save_checksum_size;
                REQUIRE(error.message.starts_with("corrupt save: the checksum at byte " + std::to_string(checksum_at) +
                                                  " does not match"));
            }
        }
    }
    CHECK(saved(world) == before);
    REQUIRE_FALSE(kiln::load(world, save)); // every bit flipped back
    CHECK(world.size() == busy->world.size());
}

TEST_CASE("a save whose checksum does not match is refused as corrupt, saying so") {
    sample_world sample;
    bytes save = saved(sample.world);
    const std::size_t at = save.size() - kiln::internal::save_checksum_size;
    std::uint64_t checksum = 0;
    std::memcpy(&checksum, save.data() + at, sizeof checksum);
    const std::uint64_t wrong = checksum ^ 0x10;
    std::memcpy(save.data() + at, &wrong, sizeof wrong);
    fixture::World world;
    const kiln::entity kept = world.create<fixture::Ship>(fixture::Health{3, false});

    const kiln::save_error error = kiln::load(world, save);
    CHECK(error.code == kiln::save_errc::corrupt);
    CHECK(error.offset == at);
    char hashes[64];
    std::snprintf(hashes, sizeof hashes, "(it holds %016llx, they hash to %016llx)",
                  static_cast<unsigned long long>(wrong), static_cast<unsigned long long>(checksum));
    CHECK(error.message == "corrupt save: the checksum at byte " + std::to_string(at) + " does not match the " +
                               std::to_string(at) + " bytes before it " + hashes +
                               ": the save was damaged or cut short");
    CHECK(world.size() == 1);
    CHECK(world.get<fixture::Health>(kept).hp == 3);
}

TEST_CASE("a save of format version 1, from before the checksum, still loads, unchecked") {
    sample_world sample;
    // Version 2 is version 1 followed by the checksum.
    bytes version_1 = payload_of(saved(sample.world));
    const std::uint32_t format = 1;
    std::memcpy(version_1.data() + 8, &format, sizeof format);
    fixture::World world;
    REQUIRE_FALSE(kiln::load(world, version_1));
    CHECK(dumped(world) == dumped(sample.world));
    CHECK(saved(world) == saved(sample.world)); // and saves again at the current version
}

TEST_CASE("any flipped byte behind a matching checksum gives an error or a world that holds together") {
    sample_world sample;
    const bytes payload = payload_of(saved(sample.world));
    int errors = 0;
    for (std::size_t at = 0; at < payload.size(); ++at) {
        bytes damaged = payload;
        damaged[at] ^= std::byte{0xff};
        fixture::World world;
        const kiln::save_error error = kiln::load(world, with_checksum(damaged));
        INFO("byte " << at << ": " << error.message);
        if (error) {
            ++errors;
            CHECK(world.size() == 0);
            continue;
        }
        // A save written so on purpose passes the checksum: a value may
        // change, but every entity is where the table says, and references
        // are live or null.
        std::size_t visited = 0;
        world.each<const fixture::Position>([&](kiln::entity e, const fixture::Position&) {
            CHECK(world.alive(e));
            ++visited;
        });
        world.each<const fixture::Target>([&](const fixture::Target& target) {
            CHECK((target.who.is_null() || world.alive(target.who)));
        });
        CHECK(visited == world.count<fixture::Position>());
        CHECK_FALSE(dumped(world).empty());
    }
    CHECK(errors > 0);
}

TEST_CASE("load names what is wrong in the header") {
    sample_world sample;
    const bytes save = saved(sample.world);
    fixture::World world;

    bytes wrong_magic = save;
    wrong_magic[1] = std::byte{'k'};
    kiln::save_error error = kiln::load(world, wrong_magic);
    CHECK(error.code == kiln::save_errc::not_a_save);
    CHECK(error.message ==
          "not a kiln save: the first 8 bytes are 89 6b 49 4c 4e 0d 0a 1a, kiln's magic is 89 4b 49 4c 4e 0d 0a 1a");
    const bytes zip = {std::byte{0x50}, std::byte{0x4b}, std::byte{3}, std::byte{4}, std::byte{0x14}, std::byte{0},
                       std::byte{0},    std::byte{0},    std::byte{8}, std::byte{0}};
    CHECK(kiln::load(world, zip).message ==
          "not a kiln save: the first 8 bytes are 50 4b 03 04 14 00 00 00, kiln's magic is 89 4b 49 4c 4e 0d 0a 1a");

    bytes future_format = save;
    future_format[8] = std::byte{5};
    error = kiln::load(world, future_format);
    CHECK(error.code == kiln::save_errc::unsupported_format);
    CHECK(error.message == "save format version 5 at byte 8: this runtime reads versions 1 to 4");

    error = kiln::load(world, std::span{save}.first(read_before_checksum + 5));
    CHECK(error.code == kiln::save_errc::truncated);
    CHECK(error.message == "truncated save: the checksum at the end needs 8 bytes, and only 5 remain after byte 12");

    error = kiln::load(world, save_builder{}.header("fixturf").sealed());
    CHECK(error.code == kiln::save_errc::wrong_schema);
    CHECK(error.message == "the save is of schema \"fixturf\", this world's is \"fixture\"");

    error = kiln::load(world, save_builder{}.header("fixture", fixture::schema::version + 1).sealed());
    CHECK(error.code == kiln::save_errc::newer_schema);
    CHECK(error.message == "the save is of schema \"fixture\" version 4, newer than this program's version 3: load it "
                           "with a program built from that schema or a later one");
}

TEST_CASE("a bool that is neither 0 nor 1 is refused, naming the component and field") {
    fixture::World world;
    const kiln::entity ship = world.create<fixture::Ship>();
    const std::uint8_t two = 2;
    std::memcpy(&world.get<fixture::Health>(ship).regen, &two, 1); // bytes a corrupt file could hold
    fixture::World loaded;
    const kiln::save_error error = kiln::load(loaded, saved(world));
    REQUIRE(error.code == kiln::save_errc::corrupt);
    const bytes save = saved(world);
    CHECK(error.message == "corrupt save: Health field 1 (a bool) of row 0, at byte " + std::to_string(error.offset) +
                               ", holds 2; a bool is 0 or 1");
    CHECK(save[error.offset] == std::byte{2});
    CHECK(loaded.size() == 0);
}

TEST_CASE("hostile counts are refused before they size an allocation") {
    fixture::World world;
    const auto load_error = [&](const bytes& input) { return kiln::load(world, input); };

    kiln::save_error error = load_error(save_builder{}.header().u32(0xffffffff).sealed());
    CHECK(error.code == kiln::save_errc::truncated);
    CHECK(error.message == "truncated save: the component count at byte 35 is 4294967295, but only 0 bytes remain");

    save_builder many_fields;
    many_fields.header().u32(1).u32(0).u8(0).u32(8).u32(0x10000000);
    CHECK(load_error(many_fields.sealed()).code == kiln::save_errc::truncated);

    save_builder many_slots;
    many_slots.header().u32(0).u32(0).u32(0).u32(0xfffffff0);
    error = load_error(many_slots.sealed());
    CHECK(error.code == kiln::save_errc::truncated);
    CHECK(error.message.starts_with("truncated save: the entity slot count"));

    // One archetype of one packed component of 4 GiB per row, and 2 rows:
    // rows times row size overflows nothing and is refused.
    save_builder huge_rows;
    huge_rows.header().u32(1).type(id_of<fixture::Position>, 0, 0xffffffff, {}).u32(0);
    huge_rows.u32(1).u32(fixture::Particle::stable_id).u32(1).u32(id_of<fixture::Position>);
    huge_rows.u32(2).u32(0).u32(0).u32(0).u32(2).handles({{0, 0}, {1, 0}});
    error = load_error(huge_rows.sealed());
    CHECK(error.code == kiln::save_errc::truncated);
    CHECK(error.message.find("has 2 rows of 4294967303 bytes") != std::string::npos);
}

TEST_CASE("the description is checked: layouts, field bounds, duplicates, handles") {
    fixture::World world;
    const auto message = [&](const save_builder& input) { return kiln::load(world, input.sealed()).message; };

    CHECK(message(save_builder{}.header().u32(1).type(3, 7, 4, {})) ==
          "corrupt save: component 3 at byte 39 has layout 7; 0 (packed), 1 (split) and 2 (tag) exist");
    CHECK(message(save_builder{}.header().u32(1).type(3, 2, 0, {{0, "f32", 0, 0}})) ==
          "corrupt save: tag 3 at byte 39 has 1 field; a tag has none");
    CHECK(message(save_builder{}.header().u32(1).type(3, 0, 4, {{0, "f32", 2, 4}})) ==
          "corrupt save: field 0 of component 3 at byte 52 lies at 2..6, outside its 4 bytes");
    CHECK(message(save_builder{}.header().u32(2).type(3, 2, 1, {}).type(3, 2, 1, {})) ==
          "corrupt save: component 3 is described twice");
    CHECK(message(save_builder{}.header().u32(0).u32(0).u32(1).u32(4).u32(1).u32(9)) ==
          "corrupt save: archetype 4 at byte 47 holds component 9, which the save does not describe");

    CHECK(message(save_builder{}.header().u32(0).u32(0).u32(0).u32(1).u32(0).u32(1).u32(5)) ==
          "corrupt save: the free list at byte 59 names slot 5, which is not a slot: the table has 1");
    CHECK(message(save_builder{}.header().u32(0).u32(0).u32(0).u32(2).u32(0).u32(0).u32(2).u32(1).u32(1)) ==
          "corrupt save: the free list at byte 67 names slot 1, which it lists earlier");

    // The table has slots 0 and 1, slot 1 free; a row naming slot 1 is refused.
    save_builder free_alive;
    free_alive.header().u32(1).type(id_of<fixture::Tag>, 2, 1, {}).u32(0);
    free_alive.u32(1).u32(fixture::Beacon::stable_id).u32(1).u32(id_of<fixture::Tag>);
    free_alive.u32(2).u32(0).u32(0).u32(1).u32(1).u32(1).handles({{1, 0}});
    CHECK(message(free_alive) == "corrupt save: entity 1:0 of archetype 5 at byte 96: its slot is on the free list");
}

TEST_CASE("a save of an older schema maps by stable id: fields, layouts, components, archetypes, resources") {
    using fixture::Color;
    using fixture::Health;
    using fixture::Position;
    using fixture::Target;
    using fixture::Velocity;
    // Version 2 of the fixture, as a save remembers it: Position split, with
    // y before x; Velocity without x and with a field since removed (id 99);
    // Color packed, in the order b, r; Target as it is; Ship without Health
    // and with a component since removed (id 500); an archetype since
    // removed (id 900) whose entity the ship targets; Clock without dt, and
    // a resource since removed.
    save_builder old;
    old.header("fixture", 2).u32(6);
    old.type(id_of<Position>, 1, 8, {{1, "f32", 4, 4}, {0, "f32", 0, 4}});
    old.type(id_of<Velocity>, 0, 8, {{99, "u32", 0, 4}, {1, "f32", 4, 4}});
    old.type(id_of<Color>, 0, 2, {{2, "u8", 0, 1}, {0, "u8", 1, 1}});
    old.type(id_of<Target>, 0, 8, {{0, "entity", 0, 8}});
    old.type(500, 0, 4, {{0, "i32", 0, 4}});
    old.type(id_of<Health>, 0, 8, {{0, "i32", 0, 4}, {1, "bool", 4, 1}});
    old.u32(2).type(resource_traits<fixture::Clock>::stable_id, -1, 8, {{1, "u64", 0, 8}}).type(42, -1, 1, {});
    old.u32(2);
    old.u32(fixture::Ship::stable_id).u32(5).u32(id_of<Position>).u32(500).u32(id_of<Velocity>).u32(id_of<Target>).u32(id_of<Color>);
    old.u32(900).u32(1).u32(500);
    const std::uint64_t ticks = 31;
    old.u64(ticks).u8(0);                              // the resources' values
    old.u32(3).u32(4).u32(0).u32(6).u32(1).u32(1);     // slots 0..2 at generations 4, 0, 6; slot 1 free
    old.u32(1).handles({{2, 6}});                      // one ship
    old.f32(20).f32(10);                               // Position, split: y's column, then x's
    old.u32(1234);                                     // the removed component
    old.u32(0xdead).f32(7);                            // Velocity: the removed field, y
    old.u64(kiln::entity{0, 4}.to_bits());             // Target: the entity of the removed archetype
    old.u8(30).u8(10);                                 // Color: b, r
    old.u32(1).handles({{0, 4}}).u32(5);               // the removed archetype's entity

    fixture::World world;
    const kiln::save_error error = kiln::load(world, old.sealed());
    REQUIRE_FALSE(error);
    const kiln::entity ship{2, 6};
    REQUIRE(world.alive(ship));
    CHECK(world.size() == 1);
    CHECK(world.get<Position>(ship).x == 10);
    CHECK(world.get<Position>(ship).y == 20);
    CHECK(world.get<Velocity>(ship).x == 1.5f); // the default
    CHECK(world.get<Velocity>(ship).y == 7);
    CHECK(world.get<Health>(ship).hp == 100);
    CHECK(world.get<Health>(ship).regen);
    const Color color = world.get<Color>(ship);
    CHECK((color.r == 10 && color.g == 2 && color.b == 30));
    CHECK(world.get<Target>(ship).who.is_null()); // its entity was dropped
    CHECK_FALSE(world.alive({0, 4}));
    CHECK(world.resource<fixture::Clock>().ticks == 31);
    CHECK(world.resource<fixture::Clock>().dt == 0.25f);
    // The dropped entity's slot was freed after the saved free list, so it is
    // reused first, at the next generation.
    CHECK(kiln::entity{world.create<fixture::Beacon>()} == kiln::entity{0, 5});
    CHECK(kiln::entity{world.create<fixture::Beacon>()} == kiln::entity{1, 0});
}

TEST_CASE("a field whose type changed without a migration is refused, naming component and field") {
    save_builder old;
    old.header("fixture", 2).u32(1).type(id_of<fixture::Health>, 0, 4, {{0, "i16", 0, 2}, {1, "bool", 2, 1}});
    old.u32(0).u32(1).u32(fixture::Ship::stable_id).u32(1).u32(id_of<fixture::Health>);
    old.u32(1).u32(0).u32(0).u32(1).handles({{0, 0}}).u32(0x0001'0007);
    fixture::World world;
    const kiln::save_error error = kiln::load(world, old.sealed());
    CHECK(error.code == kiln::save_errc::incompatible);
    CHECK(error.message ==
          "incompatible save: Health.hp is an i16 in the save, an i32 in this program, and the schema names no migration "
          "from i16 (migrate_from)");
    CHECK(world.size() == 0);
}

namespace {

double widen(std::int32_t value) {
    return value * 0.5;
}

} // namespace

TEST_CASE("a field whose type changed loads through the schema's migration") {
    // The loader works on descriptions: a schema whose field `a` went from
    // i32 to f64, with a migration, described by hand as kilnc would.
    static constexpr kiln::field_info fields[] = {{0, "a", "f64", kiln::scalar_type::f64, 1, 0, 8, "", ""}};
    static constexpr kiln::field_migration migrations[] = {
        {0, "i32", kiln::migrate_value<std::int32_t, double, &widen>}};
    static const double defaults = 0;
    const kiln::internal::type_description type{7, "Wide", kiln::layout::packed, 8, fields, migrations,
                                                reinterpret_cast<const std::byte*>(&defaults)};
    static constexpr std::uint32_t members[] = {0};
    const kiln::internal::archetype_description archetype{3, "Things", members};
    const kiln::internal::world_description world{"evolving", 2, 0, {&type, 1}, {}, {&archetype, 1}};
    static constexpr kiln::column_layout layouts[] = {{8, 8}};
    kiln::archetype_storage storage{layouts};
    kiln::archetype_storage* const storages[] = {&storage};
    kiln::entity_table entities{1};

    save_builder old;
    old.header("evolving", 1).u32(1).type(7, 0, 4, {{0, "i32", 0, 4}}).u32(0).u32(1).u32(3).u32(1).u32(7);
    old.u32(2).u32(0).u32(0).u32(0).u32(2).handles({{1, 0}, {0, 0}}).u32(-6).u32(9);
    const bytes input = old.sealed();
    kiln::hierarchy_table links;
    kiln::internal::save_loader loader{world, storages, {}, entities, links, input};
    REQUIRE(loader.check());
    CHECK(storage.size() == 0); // the check pass writes nothing
    CHECK_FALSE(entities.alive({1, 0}));
    kiln::internal::schedule_position position{};
    REQUIRE(loader.apply(position));
    double values[2];
    std::memcpy(values, storage.columns()[0], sizeof values);
    CHECK(values[0] == -3.0);
    CHECK(values[1] == 4.5);
    CHECK(entities.alive({1, 0}));
    CHECK(entities.location({0, 0}).row == 1);
}

TEST_CASE("save_file replaces the file whole, and leaves it alone when writing fails") {
    const std::filesystem::path directory = std::filesystem::temp_directory_path() / "kiln_save_test";
    std::filesystem::remove_all(directory);
    std::filesystem::create_directories(directory);
    const std::string path = (directory / "world.save").string();
    sample_world sample;

    REQUIRE_FALSE(kiln::save_file(sample.world, path));
    fixture::World loaded;
    REQUIRE_FALSE(kiln::load_file(loaded, path));
    CHECK(dumped(loaded) == dumped(sample.world));
    const auto contents = [&] {
        std::ifstream file(path, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(file), {});
    };
    const std::string before = contents();

    // A file size limit makes write() fail halfway (EFBIG, SIGXFSZ ignored).
    for (int i = 0; i < 100; ++i) {
        sample.world.create<fixture::Probe>();
    }
    const auto previous = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limit{};
    getrlimit(RLIMIT_FSIZE, &limit);
    const rlimit small{static_cast<rlim_t>(before.size() + 100), limit.rlim_max};
    setrlimit(RLIMIT_FSIZE, &small);
    const kiln::save_error error = kiln::save_file(sample.world, path);
    setrlimit(RLIMIT_FSIZE, &limit);
    std::signal(SIGXFSZ, previous);

    CHECK(error.code == kiln::save_errc::io);
    CHECK(error.message.starts_with("save_file: cannot write " + path + "."));
    CHECK(error.message.ends_with(": File too large"));
    CHECK(contents() == before);
    CHECK(std::distance(std::filesystem::directory_iterator{directory}, {}) == 1); // no temporary left behind

    const kiln::save_error missing = kiln::load_file(loaded, (directory / "none").string());
    CHECK(missing.code == kiln::save_errc::io);
    CHECK(missing.message == "load_file: cannot open " + (directory / "none").string() + ": No such file or directory");
    std::filesystem::remove_all(directory);
}
