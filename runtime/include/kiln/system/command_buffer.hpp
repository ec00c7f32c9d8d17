// command_buffer: structural changes recorded now and applied later.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <kiln/config.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/entity/handle.hpp>
#include <kiln/fwd.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/schema/prefab.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/column.hpp>
#include <kiln/system/recorded_change.hpp>

namespace kiln {

namespace internal {

template <class World, class T>
struct world_named_through {
    using type = World;
};

// World, named through T: whether it is defined, asked in a default argument
// of a member template over T, is asked where that template is used, not
// where its class is instantiated (inside the world's own definition, where
// World is not complete yet).
template <class World, class T>
using named_through = typename world_named_through<World, T>::type;

// Asks command_buffer's constructor to leave its appliers for later
// (command_buffer::take_appliers).
struct appliers_later_t {};
inline constexpr appliers_later_t appliers_later{};

} // namespace internal

// Records create, spawn, destroy, add, remove, replace, set, set_parent,
// remove_parent and calls of a function on the world, for one world, to apply them
// later in the order they were recorded. While a loop runs over a world's
// columns, changing the world's shape would move the rows the loop is
// reading; recording the change instead keeps every reference the loop holds
// valid until the buffer is applied.
//
// create reserves the new entity's handle at once, so later commands (and
// game code) can name it; the entity becomes alive when the buffer is
// applied, and its slot is given back if the buffer is discarded instead.
// While a reservation waits, the world refuses what would replace its
// entity table (load, from_json, swap): the handle would name a slot of a
// table that is gone. A command whose entity is dead by the time it is
// applied (say, destroyed by an earlier command) is skipped.
//
// Each record is the address of a function that applies it plus the values
// it carries, copied as bytes: components are plain data.
//
// A file that only declares World (<namespace>/world_fwd.hpp, which a
// system's header includes) may record too: destroy, set_parent,
// remove_parent and call as anywhere, and create, spawn, add, remove,
// replace and set as data (internal::recorded_create and recorded_change; a
// spawn as its parts' creates and sets, its children's set_parents and its
// prefab records), applied by the world's code compiled where the buffer is
// built, which the buffer keeps a table of. Where World is defined, each of
// these six records the function made for its archetype, prefab or
// components, which applies it faster (the template parameter Typed, true
// there: a record of either kind applies the same change). A create needs
// its archetype defined (<namespace>/archetypes/<A>.hpp), a spawn its
// prefab (<namespace>/prefabs/<P>.hpp), not the world. alive and has answer
// from the world's entity table and its archetypes' numbers, which the
// buffer keeps too.
template <class World>
class command_buffer {
public:
    // An empty buffer for world, ready for records made where World is only
    // declared. Precondition: world outlives the buffer.
    explicit command_buffer(World& world) noexcept : command_buffer{world, internal::appliers_later} {
        take_appliers();
    }

    // An empty buffer for world whose appliers of records made where World
    // is only declared are not compiled until take_appliers is called: the
    // world's own buffers, built in every unit that makes a world, are made
    // so (their appliers compile world.destroy and the hierarchy's moves:
    // 0.9 s of a 256-component world's unit, docs/compile_time.md).
    command_buffer(World& world, internal::appliers_later_t) noexcept
        : world_{&world}, entities_{&world_state_of(world).entities},
          archetypes_{archetypes_of(typename World::schema_type::archetypes{})} {}

    // Not copyable: a copy would apply each create's reservation twice.
    command_buffer(const command_buffer&) = delete;
    command_buffer& operator=(const command_buffer&) = delete;

    // Precondition: empty(): every command applied or discarded. Broken, a
    // debug build stops with a message; a release build drops the commands
    // unapplied, and the slots their creates reserved stay reserved, so the
    // world refuses load, from_json and swap from then on.
    ~command_buffer() {
        KILN_ASSERT(empty(), "command_buffer: destroyed with %zu command%s not applied", count_, count_ == 1 ? "" : "s");
    }

    // Whether no command waits to be applied.
    [[nodiscard]] bool empty() const noexcept { return count_ == 0; }
    // How many commands wait to be applied.
    [[nodiscard]] std::size_t size() const noexcept { return count_; }

    // world.alive(e), as the world is now: an entity whose create is
    // recorded is not alive until the buffer applies, and one whose destroy
    // is recorded still is.
    [[nodiscard]] bool alive(entity e) const noexcept { return entities_->alive(e); }

    // world.has<C>(e), as the world is now, from the entity table and the
    // ids of e's archetype's components: false for a dead or null e.
    template <class C>
    [[nodiscard]] bool has(entity e) const noexcept {
        static_assert(component<C>, "kiln::command_buffer::has<C>: C must be a component declared in a schema");
        const entity_location where = entities_->find(e);
        return where.archetype < archetypes_.size() && archetypes_[where.archetype].holds(component_traits<C>::id);
    }

    // Records the creation of an entity of archetype A, as world.create<A>
    // would; returns its handle, reserved now, alive once applied (alive(h)
    // is false until then). Each value given must be a component of A (else
    // a compile error); A's other components take their defaults.
    template <archetype A, bool Typed = requires { sizeof(internal::named_through<World, A>); }, class... Given>
    handle<A> create(const Given&... given) {
        static_assert(internal::all_of({contains_v<Given, typename A::components>...}),
                      "kiln::command_buffer::create<A>: every value given must be a component of archetype A");
        const entity reserved = entities_->reserve();
        reservations_.push_back(reserved);
        if constexpr (Typed) {
            record<&apply_create<A, Given...>>(reserved, given...);
        } else {
            record_create(internal::recorded_create{reserved, A::id, sizeof...(Given)}, given...);
        }
        return handle<A>::adopt(reserved);
    }

    // Records world.spawn<P>(overrides...): a create for the root and each
    // child, a set_parent for each child, a set for each entity field that
    // names a part made after its owner, and which prefab and part made each
    // entity. Returns the handles, reserved now, alive once applied, as
    // create's. Typed says how each is recorded, as create's does.
    template <prefab P, bool Typed = requires { sizeof(internal::named_through<World, P>); }, class... Overrides>
    spawned<P> spawn(const Overrides&... overrides) {
        if constexpr (Typed) { // the buffer is the sink: its creates and sets are typed where World is defined
            return internal::spawn_through<P>(
                *this, [this](entity e, std::size_t part) { record<&apply_spawned<P>>(e, part); }, overrides...);
        } else {
            data_spawn_sink sink{*this};
            return internal::spawn_through<P>(
                sink,
                [this](entity e, std::size_t part) {
                    record(appliers().spawned, e, std::uint32_t{P::id}, static_cast<std::uint32_t>(part));
                },
                overrides...);
        }
    }

    // Records world.destroy(e): e and its descendants in the hierarchy.
    // Applied, it does nothing when e is dead by then.
    void destroy(entity e) { record(appliers().destroy, e); }

    // Records world.add<C>(e, value). Applied, it is skipped when e is dead
    // by then; it stops the program with a message, as world.add does, when
    // e has C by then or no declared archetype holds e's components plus C.
    template <class C, bool Typed = requires { sizeof(internal::named_through<World, C>); }>
    void add(entity e, const C& value = C{}) {
        static_assert(component<C>, "kiln::command_buffer::add<C>: C must be a component declared in a schema");
        if constexpr (Typed) {
            record<&apply_add<C>>(e, value);
        } else {
            record_change(internal::change_kind::add, e, internal::no_component, component_traits<C>::id, value);
        }
    }

    // Records world.remove<C>(e). Applied, it does nothing when e is dead or
    // lacks C by then; it stops the program with a message, as world.remove
    // does, when no declared archetype holds e's components minus C.
    template <class C, bool Typed = requires { sizeof(internal::named_through<World, C>); }>
    void remove(entity e) {
        static_assert(component<C>, "kiln::command_buffer::remove<C>: C must be a component declared in a schema");
        if constexpr (Typed) {
            record<&apply_remove<C>>(e);
        } else {
            record_change(internal::change_kind::remove, e, component_traits<C>::id, internal::no_component);
        }
    }

    // Records world.replace<Lost, Gained>(e, value): one move, to the
    // archetype that holds e's components with Lost replaced by Gained.
    // Applied, it does nothing when e is dead or lacks Lost by then; it stops
    // the program with a message, as world.replace does, when e has Gained by
    // then or no declared archetype holds the result.
    template <class Lost, class Gained, bool Typed = requires { sizeof(internal::named_through<World, Lost>); }>
    void replace(entity e, const Gained& value = Gained{}) {
        static_assert(component<Lost> && component<Gained>,
                      "kiln::command_buffer::replace<Lost, Gained>: both must be components declared in a schema");
        static_assert(!std::is_same_v<Lost, Gained>, "kiln::command_buffer::replace<Lost, Gained>: Lost and Gained are "
                                                     "one component; set its value with set");
        if constexpr (Typed) {
            record<&apply_replace<Lost, Gained>>(e, value);
        } else {
            record_change(internal::change_kind::replace, e, component_traits<Lost>::id, component_traits<Gained>::id,
                          value);
        }
    }

    // Records world.set<C>(e, value): assigns C when e has it by then, adds
    // it otherwise (stopping, as add does, when no archetype holds the
    // result). Applied, it is skipped when e is dead by then.
    template <class C, bool Typed = requires { sizeof(internal::named_through<World, C>); }>
    void set(entity e, const C& value) {
        static_assert(component<C>, "kiln::command_buffer::set<C>: C must be a component declared in a schema");
        if constexpr (Typed) {
            record<&apply_set<C>>(e, value);
        } else {
            record_change(internal::change_kind::set, e, internal::no_component, component_traits<C>::id, value);
        }
    }

    // Records world.hierarchy().set_parent(child, parent). Applied, it is
    // skipped when it would be refused (an entity dead by then, or a cycle).
    void set_parent(entity child, entity parent) { record(appliers().set_parent, child, parent); }

    // Records world.hierarchy().remove_parent(child). Applied, it does
    // nothing when child is dead or has no parent by then.
    void remove_parent(entity child) { record(appliers().remove_parent, child); }

    // Records a call of F(world, args...), made when the buffer is applied,
    // in order with the other commands: a change to the world that no other
    // command makes (a scene loaded into it, kiln/scene.hpp), from where only
    // commands may change it (a system). F is a function, or a lambda that
    // captures nothing, taking World& and then Args. Each arg is copied as
    // bytes, so it must be trivially copyable: an entity, a number, a
    // pointer to what outlives the buffer. F runs where the buffer applies,
    // on one thread and with no loop over the world (a system's commands
    // apply when its stage has run), so it may do to the world what game
    // code between frames may. Unlike the other commands it is never
    // skipped: F checks that the entities it is given are still alive.
    template <auto F, class... Args>
    void call(const Args&... args) {
        static_assert(std::is_invocable_v<decltype(F), World&, const Args&...>,
                      "kiln::command_buffer::call<F>(args...): F must be callable as F(world, args...)");
        static_assert(internal::all_of({std::is_trivially_copyable_v<Args>...}),
                      "kiln::command_buffer::call<F>(args...): each arg is copied as bytes, so must be trivially "
                      "copyable (an entity, a number, a pointer to what outlives the buffer)");
        record<&apply_call<F, Args...>>(args...);
    }

    // Applies every command in the order recorded, then empties the buffer.
    // Commands recorded while applying (by observers, say) are applied too;
    // a call made while applying returns at once, leaving them to the loop
    // already running. Precondition: no each() iterates the world (the world
    // applies a loop's buffer when the loop returns); broken, a command that
    // changes the world's shape stops a debug build with a message, as
    // world.create does during a loop, and in a release build the loop's
    // references may dangle.
    void apply() {
        if (applying_) {
            return;
        }
        applying_ = true;
        for (std::size_t offset = 0; offset < bytes_.size();) {
            header head;
            std::memcpy(&head, bytes_.data() + offset, sizeof head);
            head.apply(*world_, *this, offset + header_size);
            offset += head.size;
        }
        applying_ = false;
        reservations_.clear(); // each placed by its create
        bytes_.clear();
        count_ = 0;
    }

    // Drops every command not applied; the entities its creates reserved
    // are never made alive, and their slots go back to the world (their
    // handles stay dead). Precondition: apply() is not running (an observer
    // it triggers must not discard); broken, the entities this apply has
    // created already are released as though still reserved: a debug build
    // stops with a message, a release build frees the slots of live entities.
    void discard() noexcept {
        for (const entity reserved : reservations_) {
            entities_->release(reserved);
        }
        reservations_.clear();
        bytes_.clear();
        count_ = 0;
    }

private:
    // What hands the buffer out takes the appliers (below).
    friend class command_recorder<World>;
    friend World;

    // Makes the buffer ready for destroy, set_parent, remove_parent and the
    // create, spawn and four changes recorded as data, which apply through the world's
    // functions this compiles: what hands the buffer to code that may see
    // World only declared calls it first (a command_recorder, world.commands()).
    void take_appliers() noexcept { appliers_ = &appliers_of_world(); }

    using apply_function = void (*)(World&, const command_buffer&, std::size_t values);

    // What a spawn recorded as data makes its parts through
    // (internal::spawn_through): this buffer's creates and sets as data,
    // and its set_parents.
    struct data_spawn_sink {
        command_buffer& commands;

        template <class A, class... Values>
        handle<A> create(const Values&... values) {
            return commands.template create<A, false>(values...);
        }
        template <class C>
        void set(entity e, const C& value) {
            commands.template set<C, false>(e, value);
        }
        void set_parent(entity child, entity parent) { commands.set_parent(child, parent); }
    };

    struct header {
        apply_function apply;
        std::size_t size; // of the whole record, header included
    };

    // Records start and values sit at multiples of this, enough for any
    // plain-data component.
    static constexpr std::size_t alignment = alignof(std::max_align_t);
    static constexpr std::size_t header_size = (sizeof(header) + alignment - 1) / alignment * alignment;

    static constexpr std::size_t aligned(std::size_t size) { return (size + alignment - 1) / alignment * alignment; }

    // The bytes a value takes in a record: none for an empty type (a tag),
    // whose one byte of object may share its address with a neighbour's.
    template <class Value>
    static constexpr std::size_t stored_size = std::is_empty_v<Value> ? 0 : sizeof(Value);

    template <class... Values>
    static constexpr std::size_t values_size = [] {
        std::size_t size = 0;
        internal::in_order({(size += aligned(stored_size<Values>), 0)...});
        return size;
    }();

    // The functions that apply what a file without World's definition
    // records, made where the buffer is built (World defined there).
    struct world_appliers {
        apply_function destroy;
        apply_function create; // a recorded_create
        apply_function change; // a recorded_change
        apply_function set_parent;
        apply_function remove_parent;
        apply_function spawned; // which prefab and part made an entity, by the prefab's id
    };

    // The table take_appliers made, which whatever hands the buffer out has
    // called for: without it, a record would apply through no function.
    const world_appliers& appliers() const noexcept {
        KILN_ASSERT(appliers_ != nullptr, "kiln::command_buffer: recorded into a world's own buffer before "
                                          "take_appliers (a bug of kiln's: report it)");
        return *appliers_;
    }

    static const world_appliers& appliers_of_world() noexcept {
        static constexpr world_appliers appliers{&apply_destroy,    &apply_recorded_create, &apply_change,
                                                 &apply_set_parent, &apply_remove_parent,   &apply_recorded_spawned};
        return appliers;
    }

    template <class... Archetypes>
    static constexpr std::span<const internal::archetype_columns> archetypes_of(type_list<Archetypes...>) noexcept {
        return internal::columns_of_each<Archetypes...>;
    }

    template <apply_function Apply, class... Values>
    void record(const Values&... values) {
        record(Apply, values...);
    }

    template <class... Values>
    void record(apply_function apply, const Values&... values) {
        const std::size_t start = bytes_.size();
        const header head{apply, header_size + values_size<Values...>};
        bytes_.resize(start + head.size);
        std::memcpy(bytes_.data() + start, &head, sizeof head);
        std::size_t offset = start + header_size;
        internal::in_order({(std::memcpy(bytes_.data() + offset, &values, stored_size<Values>),
                             offset += aligned(stored_size<Values>), 0)...});
        ++count_;
    }

    // Records a change of kind to e, and value, the gained component's, as
    // its columns' bytes (internal::write_value_bytes): the change first,
    // the value at the next multiple of alignment.
    template <class... Value>
    void record_change(internal::change_kind kind, entity e, std::uint32_t lost, std::uint32_t gained,
                       const Value&... value) {
        const internal::recorded_change change{
            e, lost, gained, kind, static_cast<std::uint32_t>((internal::value_bytes_v<Value> + ... + 0))};
        const std::size_t start = bytes_.size();
        const header head{appliers().change, header_size + change_size + aligned(change.value_size)};
        bytes_.resize(start + head.size);
        std::memcpy(bytes_.data() + start, &head, sizeof head);
        std::memcpy(bytes_.data() + start + header_size, &change, sizeof change);
        (internal::write_value_bytes(bytes_.data() + start + header_size + change_size, value), ...);
        ++count_;
    }

    static constexpr std::size_t create_size = aligned(sizeof(internal::recorded_create));

    // The bytes a value given to a data create takes in its record: its
    // recorded_value, then its columns' bytes.
    template <class C>
    static constexpr std::size_t given_size = internal::recorded_value_extent(internal::value_bytes_v<C>);

    // Records create, and each of given as a recorded_value and its
    // columns' bytes (internal::write_value_bytes), in the order given.
    template <class... Given>
    void record_create(const internal::recorded_create& create, const Given&... given) {
        const std::size_t start = bytes_.size();
        const header head{appliers().create, header_size + create_size + (given_size<Given> + ... + 0)};
        bytes_.resize(start + head.size);
        std::memcpy(bytes_.data() + start, &head, sizeof head);
        std::memcpy(bytes_.data() + start + header_size, &create, sizeof create);
        [[maybe_unused]] std::size_t offset = start + header_size + create_size; // unused when nothing is given
        internal::in_order({(write_given(offset, given), offset += given_size<Given>, 0)...});
        ++count_;
    }

    // Writes value, given to a data create, at offset of the buffer's bytes.
    template <class C>
    void write_given(std::size_t offset, const C& value) noexcept {
        const internal::recorded_value written{component_traits<C>::id,
                                               static_cast<std::uint32_t>(internal::value_bytes_v<C>)};
        std::memcpy(bytes_.data() + offset, &written, sizeof written);
        internal::write_value_bytes(bytes_.data() + offset + internal::recorded_value_bytes, value);
    }

    // Reads the values a record carries, starting at offset.
    template <class... Values>
    std::tuple<Values...> read(std::size_t offset) const {
        std::tuple<Values...> values;
        std::apply(
            [&](auto&... value) {
                internal::in_order({(std::memcpy(&value, bytes_.data() + offset,
                                                 stored_size<std::remove_reference_t<decltype(value)>>),
                                     offset += aligned(stored_size<std::remove_reference_t<decltype(value)>>), 0)...});
            },
            values);
        return values;
    }

    template <class A, class... Given>
    static void apply_create(World& world, const command_buffer& buffer, std::size_t offset) {
        std::apply([&](entity reserved, const Given&... given) { world.template place_reserved<A>(reserved, given...); },
                   buffer.read<entity, Given...>(offset));
    }

    // The values are read in place: the world writes them all into the new
    // row before it tells observers, whose commands may grow this buffer.
    static void apply_recorded_create(World& world, const command_buffer& buffer, std::size_t offset) {
        internal::recorded_create create;
        std::memcpy(&create, buffer.bytes_.data() + offset, sizeof create);
        world.apply_recorded(create, buffer.bytes_.data() + offset + create_size);
    }

    static constexpr std::size_t change_size =
        (sizeof(internal::recorded_change) + alignment - 1) / alignment * alignment;

    // The move runs observers, whose commands may grow the observers'
    // buffer: a value in it is copied out first, as read copies a typed
    // record's. Any other buffer's value is read in place: observers
    // record into theirs alone (deferred_world), and the copy was a call of
    // memcpy per record.
    static void apply_change(World& world, const command_buffer& buffer, std::size_t offset) {
        internal::recorded_change change;
        std::memcpy(&change, buffer.bytes_.data() + offset, sizeof change);
        const std::byte* const bytes = buffer.bytes_.data() + offset + change_size;
        if (&buffer != &world_state_of(world).observer_commands) {
            world.apply_recorded(change, bytes);
        } else if (change.value_size <= small_value) {
            alignas(alignment) std::byte value[small_value];
            std::memcpy(value, bytes, change.value_size);
            world.apply_recorded(change, value);
        } else {
            const std::vector<std::byte> value(bytes, bytes + change.value_size); // a large component's, rarely
            world.apply_recorded(change, value.data());
        }
    }

    // The values of most components fit in this many bytes on the stack.
    static constexpr std::size_t small_value = 256;

    static void apply_destroy(World& world, const command_buffer& buffer, std::size_t offset) {
        world.destroy(std::get<0>(buffer.read<entity>(offset)));
    }

    template <class C>
    static void apply_add(World& world, const command_buffer& buffer, std::size_t offset) {
        const auto [e, value] = buffer.read<entity, C>(offset);
        if (world.alive(e)) {
            world.template add<C>(e, value);
        }
    }

    template <class C>
    static void apply_remove(World& world, const command_buffer& buffer, std::size_t offset) {
        world.template remove<C>(std::get<0>(buffer.read<entity>(offset)));
    }

    template <class Lost, class Gained>
    static void apply_replace(World& world, const command_buffer& buffer, std::size_t offset) {
        const auto [e, value] = buffer.read<entity, Gained>(offset);
        world.template replace<Lost, Gained>(e, value); // false, and nothing done, for a dead e
    }

    template <class C>
    static void apply_set(World& world, const command_buffer& buffer, std::size_t offset) {
        const auto [e, value] = buffer.read<entity, C>(offset);
        if (world.alive(e)) {
            world.template set<C>(e, value);
        }
    }

    template <class P>
    static void apply_spawned(World& world, const command_buffer& buffer, std::size_t offset) {
        const auto [e, part] = buffer.read<entity, std::size_t>(offset);
        if (world.alive(e)) {
            world_state_of(world).template record_spawned<P>(e, part);
        }
    }

    // The record a spawn recorded as data makes of each part: P's id is its
    // position in the schema's prefabs, as record_spawned<P> numbers it.
    static void apply_recorded_spawned(World& world, const command_buffer& buffer, std::size_t offset) {
        const auto [e, prefab, part] = buffer.read<entity, std::uint32_t, std::uint32_t>(offset);
        if (world.alive(e)) {
            world_state_of(world).prefab_records.record(e, static_cast<std::uint16_t>(prefab),
                                                        static_cast<std::uint16_t>(part));
        }
    }

    static void apply_set_parent(World& world, const command_buffer& buffer, std::size_t offset) {
        const auto [child, parent] = buffer.read<entity, entity>(offset);
        static_cast<void>(world.hierarchy().set_parent(child, parent));
    }

    template <auto F, class... Args>
    static void apply_call(World& world, const command_buffer& buffer, std::size_t offset) {
        std::apply([&world](const Args&... args) { F(world, args...); }, buffer.read<Args...>(offset));
    }

    static void apply_remove_parent(World& world, const command_buffer& buffer, std::size_t offset) {
        world.hierarchy().remove_parent(std::get<0>(buffer.read<entity>(offset)));
    }

    World* world_;
    entity_table* entities_;
    std::span<const internal::archetype_columns> archetypes_; // by id
    const world_appliers* appliers_ = nullptr; // take_appliers
    std::vector<std::byte> bytes_;
    std::vector<entity> reservations_; // by create, in the order recorded
    std::size_t count_ = 0;
    bool applying_ = false;
};

} // namespace kiln
