// basic_world: the entities, archetypes and resources of one schema.
#pragma once

#include <array>
#include <cstdlib>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include <kiln/archetype.hpp>
#include <kiln/archetype_storage.hpp>
#include <kiln/archetype_view.hpp>
#include <kiln/command_buffer.hpp>
#include <kiln/component.hpp>
#include <kiln/config.hpp>
#include <kiln/deferred_world.hpp>
#include <kiln/entity.hpp>
#include <kiln/entity_table.hpp>
#include <kiln/executor.hpp>
#include <kiln/handle.hpp>
#include <kiln/query.hpp>
#include <kiln/system.hpp>
#include <kiln/transition.hpp>
#include <kiln/type_list.hpp>

namespace kiln {

namespace internal {

template <class List>
struct resource_tuple;

template <class... Resources>
struct resource_tuple<type_list<Resources...>> {
    using type = std::tuple<Resources...>;
};

// Calls visit.template operator()<From, To>() for the edge of Edges that
// leaves archetype from_id; returns whether there was one.
template <class... Edges, class Visitor>
constexpr bool visit_edge(type_list<Edges...>, [[maybe_unused]] std::uint32_t from_id, [[maybe_unused]] Visitor&& visit) {
    return ((from_id == Edges::from::id && (visit.template operator()<typename Edges::from, typename Edges::to>(), true)) ||
            ...);
}

// Calls visit.template operator()<A>() for the archetype A of Archetypes
// whose id is id; returns whether there was one. Always inlined: called, it
// took destroy's loop's registers (bench/ destroy, a quarter slower).
template <class... Archetypes, class Visitor>
[[gnu::always_inline]] inline bool visit_archetype(type_list<Archetypes...>, std::uint32_t id, Visitor&& visit) {
    return ((id == Archetypes::id && (visit.template operator()<Archetypes>(), true)) || ...);
}

// Calls visit.template operator()<A>(row) for the archetype A of Archetypes
// whose rows include place, an entity_table::find_place word, and row the
// row it encodes; returns whether there was one. Each archetype's rows are a
// range of words, so one subtraction and one compare both test an archetype
// and give the row. Comparisons, not a table read: where the archetype is
// predictable, what visit reads no longer waits for place.
template <class... Archetypes, class Visitor>
bool visit_place(type_list<Archetypes...>, const entity_table& table, std::uint32_t place,
                 [[maybe_unused]] Visitor&& visit) {
    [[maybe_unused]] const std::uint32_t max_rows = table.max_rows();
    [[maybe_unused]] const auto at = [&]<class A>() {
        const std::uint32_t row = place - table.encode({A::id, 0});
        return row < max_rows && (visit.template operator()<A>(row), true);
    };
    return (at.template operator()<Archetypes>() || ...);
}

template <class... Archetypes>
constexpr bool ids_are_positions(type_list<Archetypes...>) {
    std::uint32_t position = 0;
    return ((Archetypes::id == position++) && ...);
}

template <class... Archetypes>
constexpr std::array<std::string_view, sizeof...(Archetypes)> names_of(type_list<Archetypes...>) {
    return {Archetypes::name...};
}

// The member of the schema's storages struct that holds each archetype, by id.
template <class... Archetypes>
constexpr auto storage_members(type_list<Archetypes...>) {
    return std::array{Archetypes::storage...};
}

// The given value of type C among given, or C's schema defaults.
template <class C>
C given_or_default() {
    return C{};
}

template <class C, class First, class... Rest>
decltype(auto) given_or_default(First&& first, Rest&&... rest) {
    if constexpr (std::is_same_v<C, std::remove_cvref_t<First>>) {
        return std::forward<First>(first);
    } else {
        return given_or_default<C>(std::forward<Rest>(rest)...);
    }
}

template <class Access, class View>
auto cursor_of(const View& view) {
    return view.template cursor<Access>();
}

// The loops of each(). Out of line: inlined into each(), GCC left the loop's
// vector constants in memory, one more load per use (iterate3's ++d.a:
// 10-15% slower than the hand-written loop). Unrolled where a packed
// component takes part, and only there. GCC does not unroll by itself at
// -O2/-O3, and a packed two-float component fills only two lanes of a
// vector, so without it a hand-written loop over separate arrays won on
// short columns (bench/ iterate2 at 10,000 entities, when its components
// were packed). Over split columns, whose vectors are full, the unrolled
// loop gained nothing and streamed a million rows about 5% slower than the
// plain one (bench/ iterate3 at 1,000,000).
template <class... Cursors>
inline constexpr bool has_packed_cursor = (std::is_pointer_v<Cursors> || ...);

template <bool Unroll, class Function, class... Cursors>
[[gnu::noinline]] void for_each_row_of(Function& function, std::size_t count, Cursors... cursors) {
    if constexpr (Unroll) {
#pragma GCC unroll 4
        for (std::size_t row = 0; row < count; ++row) {
            function(cursors[row]...);
        }
    } else {
        for (std::size_t row = 0; row < count; ++row) {
            function(cursors[row]...);
        }
    }
}

template <class Function, class... Cursors>
void for_each_row(Function& function, std::size_t count, Cursors... cursors) {
    for_each_row_of<has_packed_cursor<Cursors...>>(function, count, cursors...);
}

// The handles are read like one more column, but do not make the loop one
// to unroll.
template <class Function, class... Cursors>
void for_each_row_with_entity(Function& function, std::size_t count, const entity* entities, Cursors... cursors) {
    for_each_row_of<has_packed_cursor<Cursors...>>(function, count, entities, cursors...);
}

// What a schema declares of systems, observers and the schedule; nothing for
// a schema that declares none.
template <class Schema>
struct systems_of {
    using systems = type_list<>;
    using observers = type_list<>;
    using schedule = type_list<>;
    static constexpr double fixed_step = 1.0 / 60;
};

template <class Schema>
    requires requires {
        typename Schema::systems;
        typename Schema::observers;
        typename Schema::schedule;
        Schema::fixed_step;
    }
struct systems_of<Schema> {
    using systems = typename Schema::systems;
    using observers = typename Schema::observers;
    using schedule = typename Schema::schedule;
    static constexpr double fixed_step = Schema::fixed_step;
};

template <class List>
struct stage_of {
    using type = int; // no stages
};

template <class First, class... Rest>
struct stage_of<type_list<First, Rest...>> {
    using type = std::remove_const_t<decltype(First::stage)>;
};

// The query of a system or an observer.
template <class S>
using query_of = query<typename S::access, typename S::with, typename S::without>;

// Whether a system's resources (a type_list, const when read) hold one it writes.
template <class Resources>
inline constexpr bool writes_a_resource_v = false;

template <class... Resources>
inline constexpr bool writes_a_resource_v<type_list<Resources...>> = (!std::is_const_v<Resources> || ...);

// What save files and loaders reach inside a world (kiln/snapshot.hpp).
template <class World>
struct snapshot_access;

} // namespace internal

// The world of a schema: generated code names it `<namespace>::World`.
//
// Schema is the generated `schema` struct: its archetypes, components,
// resources, and the struct holding one archetype_storage per archetype.
// Entities are created in an archetype and stay there; their components are
// rows of that archetype's columns.
//
// Misuse, and what happens:
// - get<C>(e) with a dead e, or an e whose archetype lacks C, stops the program
//   with a message in every build (a reference to the wrong row would corrupt
//   memory silently); try_get is the checked alternative.
// - destroy, alive, has and try_get accept any handle, dead or null.
// - create or destroy while each() runs invalidates the loop's references:
//   debug builds stop with a message; release builds do not check.
template <class Schema>
class basic_world {
    using archetypes = typename Schema::archetypes;
    static_assert(internal::ids_are_positions(archetypes{}),
                  "kiln::basic_world: archetype ids must be their positions in schema::archetypes");

public:
    using schema_type = Schema;

    using commands_type = command_buffer<basic_world>;
    using deferred_type = deferred_world<basic_world>;

    basic_world() = default;
    // A world stays where it was built: its command buffer, and references
    // handed out by get and each, point into it.
    basic_world(const basic_world&) = delete;
    basic_world& operator=(const basic_world&) = delete;

    // Commands still recorded are dropped with the world.
    ~basic_world() {
        commands_.discard();
        observer_commands_.discard();
        for (std::size_t i = 0; i < systems::size; ++i) {
            if (system_commands_[i]) {
                system_commands_[i]->discard();
            }
        }
    }

    // Archetype A's rows, through a typed view: its entities, and its columns
    // for code that wants them whole.
    template <archetype A>
    [[nodiscard]] view_t<A> storage() noexcept {
        return view_t<A>{storages_.*A::storage};
    }
    template <archetype A>
    [[nodiscard]] view_t<A, const archetype_storage> storage() const noexcept {
        return view_t<A, const archetype_storage>{storages_.*A::storage};
    }

    // Creates an entity in archetype A. Components of A that are not given
    // take the schema's defaults; each given value must be a component of A.
    // Returns a handle<A>, which converts to kiln::entity.
    template <archetype A, class... Given>
    handle<A> create(Given&&... given) {
        static_assert((contains_v<std::remove_cvref_t<Given>, typename A::components> && ...),
                      "kiln::world::create<A>: every value given must be a component of archetype A");
        static_assert(unique_v<type_list<std::remove_cvref_t<Given>...>>,
                      "kiln::world::create<A>: a component is given twice");
        assert_not_iterating("create");
        const auto rows = storage<A>();
        const auto row = static_cast<std::uint32_t>(rows.size());
        const entity created = entities_.create({A::id, row});
        push_row(rows, created, typename A::components{}, std::forward<Given>(given)...);
        notify<observer_event::enter>(created, A::id, row);
        apply_observer_commands();
        return handle<A>::adopt(created);
    }

    // Creates count entities in archetype A at once, every one with the same
    // values (the components not given take the schema's defaults). Returns
    // the new handles: a view of A's entity column, valid until the next
    // structural change of A.
    template <archetype A, class... Given>
        requires(component<std::remove_cvref_t<Given>> && ...)
    std::span<const entity> create_n(std::size_t count, const Given&... given) {
        return create_n<A>(count, [&given...](std::size_t) { return std::tuple<Given...>{given...}; });
    }

    // Creates count entities in archetype A at once; entity i takes its
    // values from make_values(i), a std::tuple of components of A (any of
    // them, in any order; the others take the schema's defaults). Returns
    // the new handles, as above. Level loading and spawning waves use this:
    // each column is written in one sequential pass.
    template <archetype A, class MakeValues>
        requires std::invocable<MakeValues&, std::size_t>
    std::span<const entity> create_n(std::size_t count, MakeValues make_values) {
        assert_not_iterating("create_n");
        const auto rows = storage<A>();
        const auto first_row = static_cast<std::uint32_t>(rows.size());
        std::uint32_t first = 0;
        if (entities_.has_free_slots()) {
            entities_.reserve(entities_.capacity_needed(count));
            first = rows.append_made(
                count, [this](std::uint32_t row) { return entities_.create({A::id, row}); }, make_values);
        } else {
            // Nothing to reuse: one block of new slots, issued in one pass.
            const entity::index_type first_index = entities_.create_block(count, A::id, first_row);
            first = rows.append_made(
                count, [=](std::uint32_t row) { return entity{first_index + (row - first_row), 0}; }, make_values);
        }
        if constexpr (observers::size > 0) {
            for (std::size_t row = first; row < rows.size(); ++row) {
                notify<observer_event::enter>(rows.entities()[row], A::id, static_cast<std::uint32_t>(row));
            }
            apply_observer_commands();
        }
        return rows.entities().subspan(first);
    }

    // Destroys every entity of archetype A.
    template <archetype A>
    void destroy_all() {
        assert_not_iterating("destroy_all");
        destroy_rows(A::id);
        apply_observer_commands();
    }

    // Destroys e: its row is filled by its archetype's last row. Returns
    // false, and does nothing, when e is not alive.
    bool destroy(entity e) {
        const entity_location where = entities_.find(e);
        if (where.archetype >= archetypes::size) {
            return false;
        }
        assert_not_iterating("destroy");
        notify<observer_event::leave>(e, where.archetype, where.row);
        remove_row(where);
        entities_.destroy(e);
        apply_observer_commands();
        return true;
    }

    [[nodiscard]] bool alive(entity e) const noexcept { return entities_.alive(e); }

    // Whether e is alive and its archetype holds C.
    template <class C>
    [[nodiscard]] bool has(entity e) const noexcept {
        static_assert(component<C>, "kiln::world::has<C>: C must be a component declared in a schema");
        return internal::visit_place(archetypes_with_t<C>{}, entities_, entities_.find_place(e),
                                     []<class>(std::uint32_t) {});
    }

    // Component C of e (C may be const): C& for packed components, C::ref
    // for split ones. Precondition: has<C>(e); checked in every build.
    template <class C>
    [[nodiscard]] decltype(auto) get(entity e) {
        return get_from<C>(*this, e);
    }
    template <class C>
    [[nodiscard]] decltype(auto) get(entity e) const {
        return get_from<const C>(*this, e);
    }

    // Component C of the entity of h, found without looking up its
    // archetype. A lacking C is a compile error; h no longer naming a live
    // entity of A stops the program with a message, as get does.
    template <class C, class A>
    [[nodiscard]] reference_t<C> get(handle<A> h) {
        static_assert(holds_v<A, std::remove_const_t<C>>, "kiln::world::get<C>(handle<A>): archetype A has no C");
        return internal::cursor_of<C>(storage<A>())[checked_row(h, "get")];
    }
    template <class C, class A>
    [[nodiscard]] reference_t<const C> get(handle<A> h) const {
        static_assert(holds_v<A, std::remove_const_t<C>>, "kiln::world::get<C>(handle<A>): archetype A has no C");
        return internal::cursor_of<const C>(storage<A>())[checked_row(h, "get")];
    }

    // A handle<A> for e, or nothing when e is dead or not in archetype A.
    template <archetype A>
    [[nodiscard]] std::optional<handle<A>> handle_of(entity e) const noexcept {
        if (!entities_.alive(e) || entities_.location(e).archetype != A::id) {
            return std::nullopt;
        }
        return handle<A>::adopt(e);
    }

    // Gives e component C with value, moving e to the archetype that holds
    // its components plus C (the generator's transition table says which).
    // Returns the new component. Stops the program with a message when e is
    // dead, already has C, or no declared archetype holds its components
    // plus C: the transition rule is in docs/schema.md.
    template <class C>
    reference_t<C> add(entity e, C value = C{}) {
        static_assert(component<C>, "kiln::world::add<C>: C must be a component declared in a schema");
        constexpr std::string_view name = component_traits<C>::name;
        KILN_CHECK(entities_.alive(e), "world::add<%.*s>: entity %u:%u is not alive", static_cast<int>(name.size()),
                   name.data(), e.index(), e.generation());
        assert_not_iterating("add");
        const entity_location where = entities_.location(e);
        std::uint32_t row = 0;
        decltype(internal::cursor_of<C>(storage<front_t<archetypes_with_t<C>>>())) cursor{};
        const bool moved = internal::visit_edge(typename transitions<C>::add{}, where.archetype, [&]<class From, class To>() {
            row = move_entity<From, To>(e, where.row, std::move(value));
            cursor = internal::cursor_of<C>(storage<To>());
        });
        if (!moved) [[unlikely]] {
            report_impossible_move(e, where.archetype, name, has<C>(e) ? "already has" : "cannot gain");
        }
        if constexpr (observers::size > 0) {
            apply_observer_commands(); // which may move e again
            return get<C>(e);
        } else {
            return cursor[row];
        }
    }

    // The same for an entity whose archetype is known: a missing transition
    // is a compile error, and the result is a handle of the new archetype.
    template <class C, class A>
    handle<add_target_t<A, C>> add(handle<A> h, C value = C{}) {
        using target = add_target_t<A, C>;
        static_assert(!holds_v<A, C>, "kiln::world::add<C>(handle<A>): archetype A already has C; use set");
        static_assert(!std::is_void_v<target>,
                      "kiln::world::add<C>(handle<A>): no archetype of the schema holds A's components plus C; "
                      "declare one to allow the move");
        assert_not_iterating("add");
        move_entity<A, target>(h, checked_row(h, "add"), std::move(value));
        apply_observer_commands();
        return handle<target>::adopt(h);
    }

    // Takes component C from e, moving e to the archetype that holds its
    // components minus C. Returns false, and does nothing, when e is dead or
    // lacks C; stops the program with a message when no declared archetype
    // holds its components minus C.
    template <class C>
    bool remove(entity e) {
        static_assert(component<C>, "kiln::world::remove<C>: C must be a component declared in a schema");
        if (!has<C>(e)) {
            return false;
        }
        assert_not_iterating("remove");
        const entity_location where = entities_.location(e);
        const bool moved = internal::visit_edge(typename transitions<C>::remove{}, where.archetype,
                                                [&]<class From, class To>() { move_entity<From, To>(e, where.row); });
        if (!moved) [[unlikely]] {
            report_impossible_move(e, where.archetype, component_traits<C>::name, "cannot lose");
        }
        apply_observer_commands();
        return true;
    }

    // The same for an entity whose archetype is known: a missing transition
    // is a compile error, and the result is a handle of the new archetype.
    template <class C, class A>
    handle<remove_target_t<A, C>> remove(handle<A> h) {
        using target = remove_target_t<A, C>;
        static_assert(holds_v<A, C>, "kiln::world::remove<C>(handle<A>): archetype A has no C");
        static_assert(!std::is_void_v<target>,
                      "kiln::world::remove<C>(handle<A>): no archetype of the schema holds A's components minus C; "
                      "declare one to allow the move");
        assert_not_iterating("remove");
        move_entity<A, target>(h, checked_row(h, "remove"));
        apply_observer_commands();
        return handle<target>::adopt(h);
    }

    // Sets e's component C to value: assigns it when e has C, adds it
    // otherwise (see add). Returns the component.
    template <class C>
    reference_t<C> set(entity e, C value) {
        if (has<C>(e)) {
            reference_t<C> current = get<C>(e);
            current = std::move(value);
            return current;
        }
        return add<C>(e, std::move(value));
    }

    // Component C of e, or nothing when e is dead or lacks C: a pointer for
    // packed and tag components (null when absent), a std::optional of
    // C::ref for split ones.
    template <class C>
    [[nodiscard]] auto try_get(entity e) {
        return try_get_from<C>(*this, e);
    }
    template <class C>
    [[nodiscard]] auto try_get(entity e) const {
        return try_get_from<const C>(*this, e);
    }

    // The resource R: one instance per world.
    template <class R>
    [[nodiscard]] R& resource() noexcept {
        static_assert(contains_v<R, typename Schema::resources>,
                      "kiln::world::resource<R>: R must be a resource declared in this world's schema");
        return std::get<R>(resources_);
    }
    template <class R>
    [[nodiscard]] const R& resource() const noexcept {
        static_assert(contains_v<R, typename Schema::resources>,
                      "kiln::world::resource<R>: R must be a resource declared in this world's schema");
        return std::get<R>(resources_);
    }

    // Calls function for every entity whose archetype holds all of Access
    // (and the with<> filter's components, and none of the without<>
    // filter's): function(reference_t<Access>...), optionally preceded by the
    // entity, and before that by a deferred_world:
    // function(deferred_type&, entity, reference_t<Access>...). Const
    // components are passed read-only. Which archetypes match is decided at
    // compile time; each is a plain loop over its columns.
    //
    // Structural changes made while the loop runs go through the
    // deferred_world (or commands()); they are applied when the outermost
    // each returns.
    template <class... Access, class Function>
    void each(Function&& function) {
        each_matching<query<type_list<Access...>>, Access...>(function);
    }
    template <class... Access, class... With, class Function>
    void each(with_t<With...>, Function&& function) {
        each_matching<query<type_list<Access...>, type_list<With...>>, Access...>(function);
    }
    template <class... Access, class... Without, class Function>
    void each(without_t<Without...>, Function&& function) {
        each_matching<query<type_list<Access...>, type_list<>, type_list<Without...>>, Access...>(function);
    }
    template <class... Access, class... With, class... Without, class Function>
    void each(with_t<With...>, without_t<Without...>, Function&& function) {
        each_matching<query<type_list<Access...>, type_list<With...>, type_list<Without...>>, Access...>(function);
    }

    // The number of entities each<Components...>(filters...) would visit.
    template <class... Components>
    [[nodiscard]] std::size_t count() const noexcept {
        return count_matching<query<type_list<Components...>>>();
    }
    template <class... Components, class... With>
    [[nodiscard]] std::size_t count(with_t<With...>) const noexcept {
        return count_matching<query<type_list<Components...>, type_list<With...>>>();
    }
    template <class... Components, class... Without>
    [[nodiscard]] std::size_t count(without_t<Without...>) const noexcept {
        return count_matching<query<type_list<Components...>, type_list<>, type_list<Without...>>>();
    }
    template <class... Components, class... With, class... Without>
    [[nodiscard]] std::size_t count(with_t<With...>, without_t<Without...>) const noexcept {
        return count_matching<query<type_list<Components...>, type_list<With...>, type_list<Without...>>>();
    }

    // The number of live entities.
    [[nodiscard]] std::size_t size() const noexcept { return entities_.size(); }

    // The world's own command buffer: what is recorded there is applied when
    // the outermost each returns, or by flush.
    [[nodiscard]] commands_type& commands() noexcept { return commands_; }

    // Applies the world's command buffer now.
    void flush() {
        assert_not_iterating("flush");
        commands_.apply();
    }

    using stage_type = typename internal::stage_of<typename internal::systems_of<Schema>::schedule>::type;

    // Runs every system of stage s, batch after batch, then applies the
    // commands they recorded, system by system in schedule order, so that
    // any executor leaves the same world. executor is serial_executor (the
    // default) or parallel_executor (oneTBB).
    template <class Executor = serial_executor>
    void run(stage_type s, const Executor& executor = {}) {
        assert_not_iterating("run");
        for_each_type(schedule{}, [&]<class Plan>() {
            if (Plan::stage == s) {
                run_plan<Plan>(executor);
            }
        });
    }

    // Advances the world by seconds of game time: the init stages the first
    // time, then the fixed stages as many times as fixed_step fits in the
    // time accumulated, then every frame stage once, in schema order.
    template <class Executor = serial_executor>
    void progress(double seconds, const Executor& executor = {}) {
        if (!started_) {
            started_ = true;
            run_role<stage_role::init>(executor);
        }
        accumulated_ += seconds;
        while (accumulated_ >= internal::systems_of<Schema>::fixed_step) {
            accumulated_ -= internal::systems_of<Schema>::fixed_step;
            run_role<stage_role::fixed>(executor);
        }
        run_role<stage_role::frame>(executor);
    }

    // Runs the shutdown stages.
    template <class Executor = serial_executor>
    void shutdown(const Executor& executor = {}) {
        run_role<stage_role::shutdown>(executor);
    }

    // The name of the archetype e lives in. Precondition: alive(e).
    [[nodiscard]] std::string_view archetype_name(entity e) const noexcept {
        KILN_CHECK(entities_.alive(e), "world::archetype_name: entity %u:%u is not alive", e.index(), e.generation());
        return archetype_names[entities_.location(e).archetype];
    }

    // Destroys every entity; resources keep their values.
    void clear() {
        assert_not_iterating("clear");
        for (std::uint32_t id = 0; id < archetypes::size; ++id) {
            destroy_rows(id);
        }
        apply_observer_commands();
    }

    // Exchanges entities, rows and resources with other: every handle issued
    // by either world now names the same entity in the other. Command
    // buffers, and where progress is in its stages, stay with each world;
    // observers are not told. The JSON loader fills a fresh world and swaps
    // it in only once the whole input has been read, so that bad input
    // changes nothing.
    void swap(basic_world& other) noexcept {
        assert_not_iterating("swap");
        other.assert_not_iterating("swap");
        for (const auto member : storage_members) {
            (storages_.*member).swap(other.storages_.*member);
        }
        std::swap(resources_, other.resources_);
        std::swap(entities_, other.entities_);
    }

private:
    friend commands_type;
    template <class>
    friend struct internal::snapshot_access;

    static constexpr auto archetype_names = internal::names_of(archetypes{});
    static constexpr auto storage_members = internal::storage_members(archetypes{});

    // An archetype's name for a message; "?" for an id out of range, which
    // only a corrupted table could give.
    static constexpr std::string_view archetype_name_of(std::uint32_t id) noexcept {
        return id < archetype_names.size() ? archetype_names[id] : std::string_view{"?"};
    }

    using systems = typename internal::systems_of<Schema>::systems;
    using observers = typename internal::systems_of<Schema>::observers;
    using schedule = typename internal::systems_of<Schema>::schedule;

    // Rows of a parallel system are split into chunks of this many at least.
    static constexpr std::size_t chunk_rows = 1024;

    template <stage_role Role, class Executor>
    void run_role(const Executor& executor) {
        for_each_type(schedule{}, [&]<class Plan>() {
            if constexpr (Plan::role == Role) {
                run_plan<Plan>(executor);
            }
        });
    }

    template <class Plan, class Executor>
    void run_plan(const Executor& executor) {
        ++iteration_depth_;
        for_each_type(typename Plan::batches{}, [&]<class Batch>() { run_batch(executor, typename Batch::systems{}); });
        --iteration_depth_;
        for_each_type(typename Plan::batches{}, [&]<class Batch>() {
            for_each_type(typename Batch::systems{}, [&]<class S>() {
                if constexpr (S::commands) {
                    commands_of<S>().apply();
                }
            });
        });
        apply_observer_commands();
    }

    template <class Executor, class... Systems>
    void run_batch(const Executor& executor, type_list<Systems...>) {
        executor.run_together([&] { run_system<Systems>(executor); }...);
    }

    // The command buffer of system S, made on first use.
    template <class S>
    commands_type& commands_of() {
        auto& buffer = system_commands_[index_of_v<S, systems>];
        if (!buffer) {
            buffer = std::make_unique<commands_type>(*this);
        }
        return *buffer;
    }

    template <class S, class Executor>
    void run_system(const Executor& executor) {
        // kilnc rejects such a schema; this holds hand-written system types to the same rule.
        static_assert(!(S::parallel && internal::writes_a_resource_v<typename S::resources>),
                      "kiln::basic_world::run: system S is parallel and writes a resource, which the chunks of its "
                      "rows, run at once, would all write; make S not parallel, or the resource const in S::resources");
        if constexpr (S::access::size == 0 && S::with::size == 0) {
            call_once<S>(typename S::resources{});
        } else {
            for (const auto& target : internal::query_of<S>::targets) {
                archetype_storage& rows = storages_.*target.storage;
                const auto chunk = [&](std::size_t begin, std::size_t end) {
                    run_rows<S>(rows, target.first_columns, begin, end, typename S::access{},
                                typename S::resources{}, std::make_index_sequence<S::access::size>{});
                };
                if constexpr (S::parallel && !S::commands) {
                    executor.for_chunks(rows.size(), chunk_rows, chunk);
                } else if (!rows.empty()) {
                    chunk(0, rows.size());
                }
            }
        }
    }

    // A system without components: one call per run.
    template <class S, class... Resources>
    void call_once(type_list<Resources...>) {
        if constexpr (S::commands) {
            system_commands<basic_world> commands{*this, commands_of<S>()};
            S::run(commands, resource<std::remove_const_t<Resources>>()...);
        } else {
            S::run(resource<std::remove_const_t<Resources>>()...);
        }
    }

    template <class S, class... Access, class... Resources, std::size_t... I>
    void run_rows(archetype_storage& rows,
                  const std::array<std::uint32_t, sizeof...(Access)>& first_columns, std::size_t begin, std::size_t end,
                  type_list<Access...>, type_list<Resources...>, std::index_sequence<I...>) {
        // Unused by a system that accesses no component (it has only with).
        [[maybe_unused]] std::byte* const* columns = rows.columns();
        const auto cursors = std::make_tuple(
            make_cursor<std::remove_const_t<Access>, std::is_const_v<Access>>(columns + first_columns[I])...);
        if constexpr (S::columns) {
            S::run(std::span{std::get<I>(cursors) + begin, end - begin}..., resource<std::remove_const_t<Resources>>()...);
        } else if constexpr (S::commands) {
            system_commands<basic_world> commands{*this, commands_of<S>()};
            const entity* entities = rows.entities().data();
            for (std::size_t row = begin; row < end; ++row) {
                S::run(commands, entities[row], std::get<I>(cursors)[row]..., resource<std::remove_const_t<Resources>>()...);
            }
        } else {
            for (std::size_t row = begin; row < end; ++row) {
                S::run(std::get<I>(cursors)[row]..., resource<std::remove_const_t<Resources>>()...);
            }
        }
    }

    // For each observer, by archetype id: the index of its query target for
    // that archetype, or -1 when the archetype is not in its set.
    template <class O>
    static constexpr auto observer_targets = [] {
        std::array<int, archetypes::size> by_archetype{};
        for (std::size_t id = 0; id < archetypes::size; ++id) {
            by_archetype[id] = -1;
            for (std::size_t t = 0; t < internal::query_of<O>::targets.size(); ++t) {
                if (internal::query_of<O>::targets[t].storage == storage_members[id]) {
                    by_archetype[id] = static_cast<int>(t);
                }
            }
        }
        return by_archetype;
    }();

    // Calls the observers of event for e, at row of archetype id, that see
    // it cross their set's border: in the set at id and not at other (the
    // archetype on the other side of a move; none for create and destroy).
    template <observer_event Event>
    void notify(entity e, std::uint32_t id, std::uint32_t row, std::uint32_t other = no_archetype) {
        for_each_type(observers{}, [&]<class O>() {
            if constexpr (O::event == Event) {
                constexpr auto& targets = observer_targets<O>;
                if (targets[id] >= 0 && (other == no_archetype || targets[other] < 0)) {
                    call_observer<O>(e, storages_.*storage_members[id],
                                     internal::query_of<O>::targets[static_cast<std::size_t>(targets[id])].first_columns,
                                     row, typename O::access{}, typename O::resources{},
                                     std::make_index_sequence<O::access::size>{});
                }
            }
        });
    }

    template <class O, class... Access, class... Resources, std::size_t... I>
    void call_observer(entity e, archetype_storage& rows, const std::array<std::uint32_t, sizeof...(Access)>& first_columns,
                       [[maybe_unused]] std::uint32_t row, type_list<Access...>, type_list<Resources...>,
                       std::index_sequence<I...>) {
        deferred_type deferred{*this, observer_commands_};
        // Unused, as row is, by an observer that accesses no component (its event names only with).
        [[maybe_unused]] std::byte* const* columns = rows.columns();
        O::run(deferred, e,
               make_cursor<std::remove_const_t<Access>, std::is_const_v<Access>>(columns + first_columns[I])[row]...,
               resource<std::remove_const_t<Resources>>()...);
    }

    // Applies what observers recorded, unless a loop is running (then its
    // end applies it) or this is already happening further up.
    void apply_observer_commands() {
        if constexpr (observers::size > 0) {
            if (iteration_depth_ == 0) {
                observer_commands_.apply();
            }
        }
    }

    static constexpr std::uint32_t no_archetype = ~std::uint32_t{0};

    // For command buffers: a handle for an entity created later.
    entity reserve_entity() { return entities_.reserve(); }

    // For command buffers: creates the reserved entity e in archetype A.
    template <archetype A, class... Given>
    void place_reserved(entity e, const Given&... given) {
        assert_not_iterating("create");
        const auto rows = storage<A>();
        const auto row = static_cast<std::uint32_t>(rows.size());
        entities_.place(e, {A::id, row});
        push_row(rows, e, typename A::components{}, given...);
        notify<observer_event::enter>(e, A::id, row);
        apply_observer_commands();
    }

    // Destroys every entity of archetype id, telling observers first.
    void destroy_rows(std::uint32_t id) {
        archetype_storage& rows = storages_.*storage_members[id];
        for (std::uint32_t row = 0; row < rows.size(); ++row) {
            notify<observer_event::leave>(rows.entities()[row], id, row);
        }
        for (const entity e : rows.entities()) {
            entities_.destroy(e);
        }
        rows.clear();
    }


    template <class View, class... Components, class... Given>
    static void push_row(const View& rows, entity created, type_list<Components...>, Given&&... given) {
        rows.push_back(created, internal::given_or_default<Components>(std::forward<Given>(given)...)...);
    }

    // Moves e, at row of From, to a new row of To; its components that To
    // holds go along, added supplies the one To adds. Returns the new row.
    template <class From, class To, class... Added>
    std::uint32_t move_entity(entity e, std::uint32_t row, Added&&... added) {
        notify<observer_event::leave>(e, From::id, row, To::id);
        const auto target = storage<To>();
        const auto new_row = static_cast<std::uint32_t>(target.size());
        push_moved<From>(target, e, row, typename To::components{}, std::forward<Added>(added)...);
        remove_row<From>(row);
        entities_.relocate(e, {To::id, new_row});
        notify<observer_event::enter>(e, To::id, new_row, From::id);
        return new_row;
    }

    template <class From, class View, class... Components, class... Added>
    void push_moved(const View& target, entity e, std::uint32_t row, type_list<Components...>, Added&&... added) {
        target.push_back(e, take<From, Components>(row, added...)...);
    }

    // Component C for the moved row: the added value, or the source's.
    template <class From, class C, class... Added>
    C take(std::uint32_t row, Added&... added) {
        if constexpr (contains_v<C, type_list<Added...>>) {
            return given_or_default_moved<C>(added...);
        } else {
            return C(std::move(storage<From>().template at<C>(row)));
        }
    }

    template <class C, class First, class... Rest>
    static C given_or_default_moved(First& first, Rest&... rest) {
        if constexpr (std::is_same_v<C, First>) {
            return std::move(first);
        } else {
            return given_or_default_moved<C>(rest...);
        }
    }

    // The row of h's entity. Stops the program with a message unless h names
    // a live entity of A.
    template <class A>
    std::uint32_t checked_row(handle<A> h, const char* operation) const noexcept {
        const entity_location where = entities_.find(h);
        if (where.archetype != A::id) [[unlikely]] {
            report_failed_handle(h, operation);
        }
        return where.row;
    }

    // Why h no longer names a live entity of A: it died, or it moved.
    template <class A>
    [[noreturn, gnu::cold, gnu::noinline]] void report_failed_handle(handle<A> h, const char* operation) const noexcept {
        KILN_CHECK(entities_.alive(h), "world::%s: entity %u:%u is not alive", operation, h.get().index(),
                   h.get().generation());
        const std::uint32_t archetype = entities_.location(h).archetype;
        KILN_CHECK(false, "world::%s: handle<%.*s> names entity %u:%u, which moved to archetype %.*s", operation,
                   static_cast<int>(A::name.size()), A::name.data(), h.get().index(), h.get().generation(),
                   static_cast<int>(archetype_names[archetype].size()), archetype_names[archetype].data());
        std::abort();
    }

    [[noreturn]] void report_impossible_move(entity e, std::uint32_t archetype, std::string_view component,
                                             const char* verb) const {
        KILN_CHECK(false,
                   "world: entity %u:%u of archetype %.*s %s %.*s: no declared archetype holds that set of "
                   "components; declare one in the schema to allow the move",
                   e.index(), e.generation(), static_cast<int>(archetype_names[archetype].size()),
                   archetype_names[archetype].data(), verb, static_cast<int>(component.size()), component.data());
        std::abort();
    }

    // Removes the row at where, filling it with its archetype's last row,
    // through the archetype's typed view (see archetype_view::swap_remove).
    // A function of its own, not written out in destroy: there, GCC stopped
    // inlining destroy into its callers' loops (bench/ destroy 1.26 -> 1.55).
    void remove_row(entity_location where) noexcept {
        internal::visit_archetype(archetypes{}, where.archetype, [&]<class A>() { remove_row<A>(where.row); });
    }

    template <class A>
    void remove_row(std::uint32_t row) noexcept {
        const entity moved = storage<A>().swap_remove(row);
        if (!moved.is_null()) {
            entities_.relocate(moved, {A::id, row});
        }
    }

    // Returns reference_t<C>; deduced, so that a C that is no component meets
    // the static_asserts below instead of a failed substitution.
    template <class C, class World>
    static decltype(auto) get_from(World& world, entity e) {
        using value_type = std::remove_const_t<C>;
        static_assert(component<value_type>, "kiln::world::get<C>: C must be a component declared in a schema");
        static_assert(archetypes_with_t<value_type>::size > 0,
                      "kiln::world::get<C>: no archetype of this world holds C; add it to one in the schema");
        constexpr bool read_only = std::is_const_v<C> || std::is_const_v<World>;
        using access = std::conditional_t<read_only, const value_type, value_type>;
        // One read of e's slot, then a branch per archetype holding C: each
        // branch finds its columns at a fixed place in the world, so the row's
        // address waits for the slot alone, not for loads indexed by it. The
        // cursor starts as the first such archetype's, read whatever e's
        // archetype: a loop of lookups then keeps those column addresses in
        // registers instead of reading them again in the branch, every time
        // (bench/ get: a tenth of each lookup, in 10,000 entities).
        const std::uint32_t place = world.entities_.find_place(e);
        cursor_t<value_type, read_only> cursor =
            internal::cursor_of<access>(world.template storage<front_t<archetypes_with_t<value_type>>>());
        std::uint32_t row = 0;
        if (!internal::visit_place(archetypes_with_t<value_type>{}, world.entities_, place,
                                   [&]<class A>(std::uint32_t row_in_a) {
                                       cursor = internal::cursor_of<access>(world.template storage<A>());
                                       row = row_in_a;
                                   })) [[unlikely]] {
            world.template report_failed_get<value_type>(e.to_bits());
        }
        return cursor[row];
    }

    // Why get<C>(e) found nothing: e is not alive, or its archetype has no C.
    // Takes e as the one word get read it as: given its halves, get kept
    // copies of both in registers for this call, two instructions a lookup.
    template <class C>
    [[noreturn, gnu::cold, gnu::noinline]] void report_failed_get(std::uint64_t entity_bits) const noexcept {
        const entity e = entity::from_bits(entity_bits);
        constexpr std::string_view name = component_traits<C>::name;
        KILN_CHECK(entities_.alive(e), "world::get<%.*s>: entity %u:%u is not alive", static_cast<int>(name.size()),
                   name.data(), e.index(), e.generation());
        const std::string_view archetype = archetype_name_of(entities_.location(e).archetype);
        KILN_CHECK(false, "world::get<%.*s>: entity %u:%u lives in archetype %.*s, which has no %.*s",
                   static_cast<int>(name.size()), name.data(), e.index(), e.generation(),
                   static_cast<int>(archetype.size()), archetype.data(), static_cast<int>(name.size()), name.data());
        std::abort();
    }

    template <class C, class World>
    static auto try_get_from(World& world, entity e) {
        using value_type = std::remove_const_t<C>;
        if constexpr (layout_of<value_type> == layout::split) {
            using result = std::optional<reference_t<C>>;
            return world.template has<value_type>(e) ? result{get_from<C>(world, e)} : result{};
        } else {
            return world.template has<value_type>(e) ? &get_from<C>(world, e) : nullptr;
        }
    }

    template <class Query, class... Access, class Function>
    void each_matching(Function& function) {
        ++iteration_depth_;
        for (const auto& target : Query::targets) {
            archetype_storage& rows = storages_.*target.storage;
            if (rows.empty()) {
                continue;
            }
            each_row<Access...>(function, rows, target.first_columns, std::index_sequence_for<Access...>{});
        }
        if (--iteration_depth_ == 0 && !commands_.empty()) {
            commands_.apply();
        }
    }

    template <class... Access, class Function, std::size_t... I>
    void each_row(Function& function, archetype_storage& rows,
                  const std::array<std::uint32_t, sizeof...(Access)>& first_columns, std::index_sequence<I...>) {
        std::byte* const* columns = rows.columns();
        if constexpr (std::is_invocable_v<Function&, deferred_type&, entity, reference_t<Access>...>) {
            deferred_type deferred{*this, commands_};
            auto with_world = [&](entity e, reference_t<Access>... values) { function(deferred, e, values...); };
            internal::for_each_row_with_entity(
                with_world, rows.size(), rows.entities().data(),
                make_cursor<std::remove_const_t<Access>, std::is_const_v<Access>>(columns + first_columns[I])...);
        } else if constexpr (std::is_invocable_v<Function&, deferred_type&, reference_t<Access>...>) {
            deferred_type deferred{*this, commands_};
            auto with_world = [&](reference_t<Access>... values) { function(deferred, values...); };
            internal::for_each_row(with_world, rows.size(),
                                   make_cursor<std::remove_const_t<Access>, std::is_const_v<Access>>(
                                       columns + first_columns[I])...);
        } else if constexpr (std::is_invocable_v<Function&, entity, reference_t<Access>...>) {
            internal::for_each_row_with_entity(
                function, rows.size(), rows.entities().data(),
                make_cursor<std::remove_const_t<Access>, std::is_const_v<Access>>(columns + first_columns[I])...);
        } else {
            static_assert(std::is_invocable_v<Function&, reference_t<Access>...>,
                          "kiln::world::each<Access...>: the function must take (reference_t<Access>...), "
                          "optionally preceded by kiln::entity and before that by the world's deferred_type&: "
                          "C& or const C& for packed components, C::ref or C::cref for split ones");
            internal::for_each_row(function, rows.size(),
                                   make_cursor<std::remove_const_t<Access>, std::is_const_v<Access>>(
                                       columns + first_columns[I])...);
        }
    }

    template <class Query>
    std::size_t count_matching() const noexcept {
        std::size_t total = 0;
        for (const auto& target : Query::targets) {
            total += (storages_.*target.storage).size();
        }
        return total;
    }

    void assert_not_iterating([[maybe_unused]] const char* operation) const noexcept {
        KILN_ASSERT(iteration_depth_ == 0,
                    "world::%s: called while each() iterates this world; the loop's references would dangle",
                    operation);
    }

    typename Schema::storages storages_;
    typename internal::resource_tuple<typename Schema::resources>::type resources_;
    entity_table entities_{archetypes::size};
    int iteration_depth_ = 0;
    commands_type commands_{*this};
    commands_type observer_commands_{*this};
    std::unique_ptr<std::unique_ptr<commands_type>[]> system_commands_ =
        std::make_unique<std::unique_ptr<commands_type>[]>(systems::size);
    double accumulated_ = 0;
    bool started_ = false;
};

} // namespace kiln
