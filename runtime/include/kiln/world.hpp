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
#include <vector>

#include <kiln/changes/change_tracking.hpp>
#include <kiln/config.hpp>
#include <kiln/core/executor.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/core/work_estimate.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/entity/handle.hpp>
#include <kiln/events/event_channel.hpp>
#include <kiln/events/observer_dispatch.hpp>
#include <kiln/hierarchy/hierarchy.hpp>
#include <kiln/query/query.hpp>
#include <kiln/query/query_loop.hpp>
#include <kiln/query/row_loop.hpp>
#include <kiln/schedule/schedule.hpp>
#include <kiln/schedule/schedule_apart.hpp>
#include <kiln/schedule/state.hpp>
#include <kiln/schedule/transitions.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/schema/prefab.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/archetype_dispatch.hpp>
#include <kiln/storage/archetype_storage.hpp>
#include <kiln/storage/archetype_table.hpp>
#include <kiln/storage/archetype_view.hpp>
#include <kiln/storage/transition.hpp>
#include <kiln/system/command_buffer.hpp>
#include <kiln/system/deferred_world.hpp>
#include <kiln/system/system.hpp>
#include <kiln/world/component_lookup.hpp>
#include <kiln/world/gather.hpp>
#include <kiln/world/moves_by_id.hpp>
#include <kiln/world/prefab_records.hpp>
#include <kiln/world/spawn_moves.hpp>
#include <kiln/world/structural_moves.hpp>
#include <kiln/world/world_state.hpp>

namespace kiln {

// The world of a schema: generated code names it `<namespace>::World`.
//
// Schema is the generated `schema` struct: its archetypes, components,
// resources, systems and schedule. The world holds one archetype_storage per
// archetype (kiln/storage/archetype_table.hpp). Entities are created in an archetype
// and stay there; their components are rows of that archetype's columns.
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
    static_assert(internal::component_ids_are_positions(typename Schema::components{}),
                  "kiln::basic_world: component ids must be their positions in schema::components");

public:
    using schema_type = Schema;
    // The resources no save holds (kiln = { saved = false } in the schema).
    // What the world holds (kiln/world/world_state.hpp), which its parts take by reference.
    using state_type = internal::world_state<Schema, basic_world>;
    using unsaved_resources = typename state_type::unsaved_resources;
    using prefabs = typename state_type::prefabs; // the schema's prefabs, in schema order
    // Whether the schema tracks a component: only then does the world keep a clock (docs/changes.md).
    static constexpr bool tracks_changes = state_type::tracks_changes;

    using commands_type = command_buffer<basic_world>;
    using deferred_type = deferred_world<basic_world>;

    basic_world() = default;
    // A world stays where it was built: its command buffer, and references
    // handed out by get and each, point into it.
    basic_world(const basic_world&) = delete;
    basic_world& operator=(const basic_world&) = delete;

    // Commands still recorded are dropped with the world.
    ~basic_world() {
        state_.commands.discard();
        state_.observer_commands.discard();
        for (std::size_t i = 0; i < state_type::systems::size; ++i) {
            if (state_.system_commands[i]) {
                state_.system_commands[i]->discard();
            }
        }
    }

    // Archetype A's rows, through a typed view: its entities, and its columns
    // for code that wants them whole. The world is settled first: the rows
    // destroy(e) left are filled, so that A's rows are dense.
    template <archetype A>
    [[nodiscard]] view_t<A> storage() {
        settle();
        return view_t<A>{state_.storages[A::id]};
    }
    // Read-only, so it cannot settle: A must have no row left by destroy(e)
    // and not filled yet (call settle(), or any non-const bulk access,
    // first); checked in debug builds.
    template <archetype A>
    [[nodiscard]] view_t<A, const archetype_storage> storage() const noexcept {
        KILN_ASSERT(state_.storages[A::id].hole_count() == 0,
                    "world::storage<%.*s>() const: the archetype holds %zu hole%s left by destroy(e), so its rows "
                    "are not dense; call world.settle() first",
                    static_cast<int>(state_type::archetype_names[A::id].size()),
                    state_type::archetype_names[A::id].data(), state_.storages[A::id].hole_count(),
                    state_.storages[A::id].hole_count() == 1 ? "" : "s");
        return view_t<A, const archetype_storage>{state_.storages[A::id]};
    }
    // A's rows as they are, holes left by destroy(e) included, for code that
    // reads a const world that need not be settled: it visits the rows that
    // hold entities, in the order settle() would leave them, through
    // storage().for_each_settled_run (as save, to_json and dump do).
    template <archetype A>
    [[nodiscard]] view_t<A, const archetype_storage> unsettled_storage() const noexcept {
        return state_.template view_of<A>();
    }

    // Fills the rows that destroy(e) left in their archetypes (see
    // destroy), so that every archetype is dense. Every non-const access
    // that reads or moves rows by position does this first; a const one
    // cannot, so storage() const needs it called after the last destroy(e)
    // (save, to_json and dump read unsettled_storage() in settled order).
    void settle() { state_.settle(); }

    // Creates an entity in archetype A. Components of A that are not given
    // take the schema's defaults; each given value must be a component of A.
    // Returns a handle<A>, which converts to kiln::entity.
    template <archetype A, class... Given>
    handle<A> create(Given&&... given) {
        static_assert(internal::all_of({contains_v<std::remove_cvref_t<Given>, typename A::components>...}),
                      "kiln::world::create<A>: every value given must be a component of archetype A");
        static_assert(unique_v<type_list<std::remove_cvref_t<Given>...>>,
                      "kiln::world::create<A>: a component is given twice");
        state_.assert_not_iterating("create");
        const auto rows = state_.template view_of<A>();
        const auto row = static_cast<std::uint32_t>(rows.size());
        const entity created = state_.entities.create({A::id, row});
        rows.push_given(created, given...);
        tracking::template stamp_new<A>(state_, row, row + 1);
        observer_dispatch::template notify<observer_event::enter>(*this, state_, created, A::id, row);
        observer_dispatch::apply_commands(state_);
        return handle<A>::adopt(created);
    }

    // Creates count entities in archetype A at once, every one with the same
    // values (the components not given take the schema's defaults). Returns
    // the new handles: a view of A's entity column, valid until the next
    // structural change of A.
    template <archetype A, class... Given>
        requires(internal::all_of({component<std::remove_cvref_t<Given>>...}))
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
        return moves::template create_rows<A>(*this, state_, count, make_values);
    }

    // Spawns prefab P (docs/content.md): its root and its children, each an
    // entity of its archetype with the prefab's values (a copy: the entities
    // own them), the children parented to the root, the entity fields that
    // name the prefab's parts written. Each override replaces the root's
    // value: a component (Health{5}), one field (kiln::field(&Health::hp,
    // 5)), or a child's (kiln::child<P::gun>(...)). Returns the handles.
    template <prefab P, class... Overrides>
    spawned<P> spawn(const Overrides&... overrides) {
        internal::world_sink<basic_world> sink{*this};
        return internal::spawn_through<P>(
            sink, [this](entity e, std::size_t part) { state_.template record_spawned<P>(e, part); }, overrides...);
    }

    // Spawns count copies of prefab P, the same overrides for each: each
    // part's rows laid down at once, as create_n does, then the children
    // parented; where an observer sees a part made, one spawn after
    // another, as spawn makes each. Returns each spawn's handles, in order.
    template <prefab P, class... Overrides>
    std::vector<spawned<P>> spawn_n(std::size_t count, const Overrides&... overrides) {
        return internal::spawn_moves<basic_world>::template spawn_n<P>(*this, state_, count, overrides...);
    }

    // The prefab, and the child of it, that a spawn made e from (world.spawn,
    // spawn_n, or a command buffer's spawn once applied); nothing for an
    // entity made otherwise, or dead. Loads from saves forget it; JSON keeps it.
    [[nodiscard]] std::optional<prefab_part> prefab_of(entity e) const noexcept {
        if (state_.prefab_records.empty() || !alive(e)) {
            return std::nullopt;
        }
        const auto found = state_.prefab_records.find(e);
        if (!found) {
            return std::nullopt;
        }
        return internal::prefab_names<prefabs>::of(found->prefab, found->part);
    }

    // Destroys every entity of archetype A.
    template <archetype A>
    void destroy_all() {
        state_.assert_not_iterating("destroy_all");
        settle();
        tree_moves::destroy_linked_rows(*this, state_, A::id);
        moves::destroy_rows(*this, state_, A::id);
        observer_dispatch::apply_commands(state_);
    }

    // Destroys e, and its descendants in the hierarchy (see kiln::hierarchy).
    // e's handle is dead at once; its row is left as a hole, filled by the
    // archetype's last rows when the world next settles (the next access
    // that reads or moves rows by position; see settle). An e with a parent
    // or children settles the world first, and its subtree's rows are
    // removed at once. Returns false, and does nothing, when e is not alive.
    bool destroy(entity e) {
        const entity_location where = state_.entities.find(e);
        if (where.archetype >= archetypes::size) {
            return false;
        }
        state_.assert_not_iterating("destroy");
        if (state_.hierarchy.link_count() != 0) [[unlikely]] {
            return tree_moves::destroy(*this, state_, e);
        }
        observer_dispatch::template notify<observer_event::leave>(*this, state_, e, where.archetype, where.row);
        state_.leave_hole(e, where);
        observer_dispatch::apply_commands(state_);
        return true;
    }

    // Destroys each live entity of doomed as destroy(e) would, and returns
    // how many of doomed's entities it destroyed, each once: one destroyed
    // with its parent, listed before it, counts too; a descendant not listed
    // does not. Faster, as the holes are filled once, after the batch.
    std::size_t destroy(std::span<const entity> doomed) { return moves::destroy_batch(*this, state_, doomed); }

    // Whether e names an entity of this world that is alive now: false for
    // the null entity, for a handle whose entity was destroyed (its slot may
    // hold another entity since: the generation tells them apart), for one
    // reserved by a command buffer's create not applied yet, and for every
    // handle issued before the last clear(). Any handle may be asked, dead
    // or null; a handle does not name its world, so another world's handle
    // may be alive here and name an unrelated entity.
    [[nodiscard]] bool alive(entity e) const noexcept { return state_.entities.alive(e); }

    // Whether e is alive and its archetype holds C.
    template <class C>
    [[nodiscard]] bool has(entity e) const noexcept {
        static_assert(component<C>, "kiln::world::has<C>: C must be a component declared in a schema");
        return lookup::template has<C>(state_, e);
    }

    // Component C of e (C may be const): C& for packed components, C::ref
    // for split ones. Precondition: has<C>(e); checked in every build. A
    // writable C of a tracked component marks the row as changed now
    // (docs/changes.md), as set and try_get do.
    template <class C>
    [[nodiscard]] decltype(auto) get(entity e) {
        return lookup::template get<C>(state_, e);
    }
    template <class C>
    [[nodiscard]] decltype(auto) get(entity e) const {
        return lookup::template get<const C>(state_, e);
    }

    // Component C of the entity of h, found without looking up its
    // archetype. A lacking C is a compile error; h no longer naming a live
    // entity of A stops the program with a message, as get does. Without C,
    // the assertion is the only error: an empty cursor's row, never run,
    // stands in for the lookup, so that the caller's code compiles on.
    template <class C, class A>
    [[nodiscard]] reference_t<C> get(handle<A> h) {
        using value_type = std::remove_const_t<C>;
        static_assert(holds_v<A, value_type>, "kiln::world::get<C>(handle<A>): archetype A has no C");
        if constexpr (holds_v<A, value_type>) {
            const std::uint32_t row = lookup::checked_row(state_, h, "get");
            if constexpr (!std::is_const_v<C>) {
                lookup::template mark_handed_out<value_type, A>(state_, row);
            }
            return internal::cursor_of<C>(state_.template view_of<A>())[row];
        } else {
            return cursor_t<value_type, std::is_const_v<C>>{}[0];
        }
    }
    template <class C, class A>
    [[nodiscard]] reference_t<const C> get(handle<A> h) const {
        using value_type = std::remove_const_t<C>;
        static_assert(holds_v<A, value_type>, "kiln::world::get<C>(handle<A>): archetype A has no C");
        if constexpr (holds_v<A, value_type>) {
            return internal::cursor_of<const C>(state_.template view_of<A>())[lookup::checked_row(state_, h, "get")];
        } else {
            return cursor_t<value_type, true>{}[0];
        }
    }

    // Copies C of each of handles into out (out[i] from handles[i]), the
    // lookups overlapped (kiln/world/gather.hpp); returns how many were found. Too
    // short an out stops the program; a handle dead or lacking C stops debug
    // builds with a message, and gives C's defaults, uncounted, in release.
    template <class C>
    std::size_t gather(std::span<const entity> handles, std::span<C> out) const noexcept {
        return batch::template gather<C>(state_, handles, out);
    }

    // A handle<A> for e, or nothing when e is dead or not in archetype A.
    template <archetype A>
    [[nodiscard]] std::optional<handle<A>> handle_of(entity e) const noexcept {
        if (!state_.entities.alive(e) || state_.entities.location(e).archetype != A::id) {
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
        return moves::template gain<C>(*this, state_, e, std::move(value));
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
        if constexpr (!holds_v<A, C> && !std::is_void_v<target>) { // else an assertion failed: compile no move
            state_.assert_not_iterating("add");
            settle();
            moves::template move_entity<A, target>(*this, state_, h, lookup::checked_row(state_, h, "add"),
                                                   std::move(value));
            observer_dispatch::apply_commands(state_);
        }
        return handle<target>::adopt(h);
    }

    // Takes component C from e, moving e to the archetype that holds its
    // components minus C. Returns false, and does nothing, when e is dead or
    // lacks C; stops the program with a message when no declared archetype
    // holds its components minus C.
    template <class C>
    bool remove(entity e) {
        return moves::template lose<C>(*this, state_, e);
    }

    // Replaces e's component Lost by Gained, given value, in one move: e
    // moves to the archetype that holds its components with Lost replaced by
    // Gained, which must be declared; none with Lost removed and Gained not
    // yet added need be (docs/states.md, "Modes"). Returns false, and does
    // nothing, when e is dead or lacks Lost; stops the program with a message
    // when e has Gained already or no declared archetype fits.
    template <class Lost, class Gained>
    bool replace(entity e, Gained value = Gained{}) {
        return moves::template replace<Lost, Gained>(*this, state_, e, std::move(value));
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
        if constexpr (holds_v<A, C> && !std::is_void_v<target>) { // else an assertion failed: compile no move
            state_.assert_not_iterating("remove");
            settle();
            moves::template move_entity<A, target>(*this, state_, h, lookup::checked_row(state_, h, "remove"));
            observer_dispatch::apply_commands(state_);
        }
        return handle<target>::adopt(h);
    }

    // Sets e's component C to value: assigns it when e has C, adds it
    // otherwise (see add). Returns the component. A tracked C counts as
    // changed now (docs/changes.md), through get.
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
        return lookup::template try_get<C>(state_, e);
    }
    template <class C>
    [[nodiscard]] auto try_get(entity e) const {
        return lookup::template try_get<const C>(state_, e);
    }

    // The resource R: one instance per world. A state's kiln::state<E> is
    // one too, for the systems that list E among their resources. A resource
    // the schema leaves out of saves (kiln = { saved = false }) is in no save,
    // JSON document or dump, and stays as it is when the world loads one or
    // swaps.
    template <class R>
    [[nodiscard]] R& resource() noexcept {
        if constexpr (internal::is_state_v<R>) {
            return state<typename R::value_type>();
        } else {
            static_assert(contains_v<R, typename Schema::resources> || contains_v<R, unsaved_resources>,
                          "kiln::world::resource<R>: R must be a resource declared in this world's schema");
            if constexpr (contains_v<R, unsaved_resources>) {
                return std::get<R>(state_.unsaved);
            } else {
                return std::get<R>(state_.resources);
            }
        }
    }
    template <class R>
    [[nodiscard]] const R& resource() const noexcept {
        if constexpr (internal::is_state_v<R>) {
            return state<typename R::value_type>();
        } else {
            static_assert(contains_v<R, typename Schema::resources> || contains_v<R, unsaved_resources>,
                          "kiln::world::resource<R>: R must be a resource declared in this world's schema");
            if constexpr (contains_v<R, unsaved_resources>) {
                return std::get<R>(state_.unsaved);
            } else {
                return std::get<R>(state_.resources);
            }
        }
    }

    // The state E ([state.E] of the schema, docs/states.md): its current
    // value, and request() to ask for a transition, applied at the start of
    // the next progress (or at the end of the stage, from a system).
    template <class E>
    [[nodiscard]] kiln::state<E>& state() noexcept {
        return std::get<kiln::state<E>>(state_.states);
    }
    template <class E>
    [[nodiscard]] const kiln::state<E>& state() const noexcept {
        return std::get<kiln::state<E>>(state_.states);
    }

    // Which run of its stage the running stage is, from 0 (the first), for
    // kiln::every; on-enter and on-exit systems see the run of the stage at
    // whose end their transition happens.
    [[nodiscard]] std::uint64_t stage_run() const noexcept { return state_.stage_run; }

    // The live entities of archetype A.
    template <archetype A>
    [[nodiscard]] std::size_t size_of() const noexcept {
        return state_.storages[A::id].size() - state_.storages[A::id].hole_count();
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
        query_loop::template each<query<type_list<Access...>>, Access...>(*this, state_, function);
    }
    template <class... Access, class... With, class Function>
    void each(with_t<With...>, Function&& function) {
        query_loop::template each<query<type_list<Access...>, type_list<With...>>, Access...>(*this, state_, function);
    }
    template <class... Access, class... Without, class Function>
    void each(without_t<Without...>, Function&& function) {
        using matching = query<type_list<Access...>, type_list<>, type_list<Without...>>;
        query_loop::template each<matching, Access...>(*this, state_, function);
    }
    template <class... Access, class... With, class... Without, class Function>
    void each(with_t<With...>, without_t<Without...>, Function&& function) {
        using matching = query<type_list<Access...>, type_list<With...>, type_list<Without...>>;
        query_loop::template each<matching, Access...>(*this, state_, function);
    }

    // The same on a const world: every component const (each<const C>), the
    // function given the entity or not but no deferred_world; the rows that
    // destroy left as holes, which a const world cannot settle, are skipped.
    template <class... Access, class Function>
    void each(Function&& function) const {
        query_loop::template each<query<type_list<Access...>>, Access...>(state_, function);
    }
    template <class... Access, class... With, class Function>
    void each(with_t<With...>, Function&& function) const {
        query_loop::template each<query<type_list<Access...>, type_list<With...>>, Access...>(state_, function);
    }
    template <class... Access, class... Without, class Function>
    void each(without_t<Without...>, Function&& function) const {
        using matching = query<type_list<Access...>, type_list<>, type_list<Without...>>;
        query_loop::template each<matching, Access...>(state_, function);
    }
    template <class... Access, class... With, class... Without, class Function>
    void each(with_t<With...>, without_t<Without...>, Function&& function) const {
        using matching = query<type_list<Access...>, type_list<With...>, type_list<Without...>>;
        query_loop::template each<matching, Access...>(state_, function);
    }

    // The same over the rows whose C changed (or was added) after a tick:
    // each<Access...>(filter, [with,] [without,] function), where filter is
    // kiln::changed<C>(since) or kiln::added<C>(since); see docs/changes.md.
    template <class... Access, internal::change_filter Filter, class... Rest>
    void each(Filter filter, Rest&&... rest) {
        tracking::template each<Access...>(state_, filter, std::forward<Rest>(rest)...);
    }

    // The number of entities each<Components...>(filters...) would visit:
    // live ones, so rows that destroy(e) left and no settle filled yet are
    // not counted.
    template <class... Components>
    [[nodiscard]] std::size_t count() const noexcept {
        return query_loop::template count<query<type_list<Components...>>>(state_);
    }
    template <class... Components, class... With>
    [[nodiscard]] std::size_t count(with_t<With...>) const noexcept {
        return query_loop::template count<query<type_list<Components...>, type_list<With...>>>(state_);
    }
    template <class... Components, class... Without>
    [[nodiscard]] std::size_t count(without_t<Without...>) const noexcept {
        using matching = query<type_list<Components...>, type_list<>, type_list<Without...>>;
        return query_loop::template count<matching>(state_);
    }
    template <class... Components, class... With, class... Without>
    [[nodiscard]] std::size_t count(with_t<With...>, without_t<Without...>) const noexcept {
        using matching = query<type_list<Components...>, type_list<With...>, type_list<Without...>>;
        return query_loop::template count<matching>(state_);
    }

    // The parents and children of this world's entities.
    [[nodiscard]] auto hierarchy() noexcept { return kiln::hierarchy<basic_world>{*this}; }
    [[nodiscard]] auto hierarchy() const noexcept { return kiln::hierarchy<const basic_world>{*this}; }

    // The number of live entities.
    [[nodiscard]] std::size_t size() const noexcept { return state_.entities.size(); }

    // The world's own command buffer: what is recorded there is applied when
    // the outermost each returns, or by flush.
    [[nodiscard]] commands_type& commands() noexcept {
        state_.commands.take_appliers(); // it may be handed to a file that sees World only declared
        return state_.commands;
    }

    // Applies the world's command buffer now, then settles (see settle).
    void flush() {
        state_.assert_not_iterating("flush");
        state_.commands.apply();
        settle();
    }

    using stage_type = typename internal::stage_of<typename internal::systems_of<Schema>::schedule>::type;

    // Runs every system of stage s, batch after batch, then applies the
    // commands they recorded, system by system in schedule order, so that
    // any executor leaves the same world. executor is serial_executor (the
    // default) or parallel_executor (oneTBB).
    template <class Executor = serial_executor>
    void run(stage_type s, const Executor& executor = {}) {
        state_.assert_not_iterating("run");
        runner::run_stage(*this, state_, s, executor); // which settles before each plan
    }

    // Advances the world by seconds of game time: the init stages the first
    // time, then the fixed stages as many times as fixed_step fits in the
    // time accumulated, then every frame stage once, in schema order. The
    // parallel executor chooses once for the whole frame whether its stages
    // split their work (docs/systems.md, "The parallel executor").
    template <class Executor = serial_executor>
    void progress(double seconds, const Executor& executor = {}) {
        if constexpr (std::is_same_v<Executor, serial_executor> && internal::schedule_apart_v<Schema>) {
            internal::progress_apart(*this, seconds); // compiled in the schedule's own unit
        } else {
            progress_here(seconds, executor);
        }
    }

private:
    template <class World>
    friend void internal::progress_apart(World& world, double seconds);

    // progress, compiled here.
    template <class Executor>
    void progress_here(double seconds, const Executor& executor) {
        runner::run_frame(state_, executor, [this, seconds](const auto& frame) {
            if (!state_.started) {
                state_.started = true;
                transitions::enter_initial(*this, state_); // every state's initial value (docs/states.md)
                runner::template run_role<stage_role::init>(*this, state_, frame);
            } else {
                transitions::apply(*this, state_); // the requests of game code since the last frame
            }
            state_.accumulated += seconds;
            while (state_.accumulated >= internal::systems_of<Schema>::fixed_step) {
                state_.accumulated -= internal::systems_of<Schema>::fixed_step;
                runner::template run_role<stage_role::fixed>(*this, state_, frame);
            }
            runner::template run_role<stage_role::frame>(*this, state_, frame);
        });
    }

public:
    // Runs the shutdown stages.
    template <class Executor = serial_executor>
    void shutdown(const Executor& executor = {}) {
        runner::template run_role<stage_role::shutdown>(*this, state_, executor);
    }

    // Sends event e from outside the systems (input code, say): it is kept
    // until each of its readers has run (docs/events.md). Not while a stage runs.
    template <class E>
    void emit(E e) {
        state_.assert_not_iterating("emit");
        state_.events.template of<E>().push(std::move(e));
    }

    // How many events E were sent since the world began, by systems and by
    // emit(), counted as they are published (between frames, all of them);
    // the inspector's count per frame (docs/inspector.md).
    template <class E>
    [[nodiscard]] std::uint64_t events_sent() const noexcept {
        return state_.events.template of<E>().published();
    }

    // The tick changes are stamped with now. advance_tick() returns it and
    // starts the next, so that kiln::changed<C>(returned) finds the changes
    // made after the call (docs/changes.md); now and then it raises the
    // ticks older than kiln::max_change_age, as the end of a stage does.
    [[nodiscard]] change_tick current_tick() const noexcept requires tracks_changes { return state_.clock.now; }
    change_tick advance_tick() noexcept requires tracks_changes {
        const change_tick now = state_.clock.now++;
        tracking::check_ticks(state_);
        return now;
    }

    // The name of the archetype e lives in. Precondition: alive(e).
    [[nodiscard]] std::string_view archetype_name(entity e) const noexcept {
        KILN_CHECK(state_.entities.alive(e), "world::archetype_name: entity %u:%u is not alive", e.index(),
                   e.generation());
        return state_type::archetype_names[state_.entities.location(e).archetype];
    }

    // Destroys every entity; resources keep their values. Observers told of
    // an entity's end find its parent alive, as destroy's do: linked
    // entities go first, subtree by subtree, children before their parent.
    void clear() {
        state_.assert_not_iterating("clear");
        settle();
        for (std::uint32_t id = 0; id < archetypes::size; ++id) {
            tree_moves::destroy_linked_rows(*this, state_, id);
        }
        for (std::uint32_t id = 0; id < archetypes::size; ++id) {
            moves::destroy_rows(*this, state_, id);
        }
        state_.hierarchy.clear();
        state_.prefab_records.clear(); // the table's generations restart
        observer_dispatch::apply_commands(state_);
    }

    // Exchanges entities, rows, hierarchy, resources and states (each
    // state's value and request, and whether the world has started) with
    // other: every handle issued by either world now names the same entity
    // in the other. Command buffers, and where progress is in its stages
    // (timers' counts among it), stay with each world;
    // observers are not told; every tracked row counts as added at the swap
    // (docs/changes.md). The JSON loader fills a fresh world and swaps
    // it in only once the whole input has been read, so that bad input
    // changes nothing.
    //
    // Precondition, checked in every build: no entity of either world is
    // reserved by a create not yet applied (flush, or apply or discard the
    // buffer, first). Its buffer stays with its world, and would place the
    // reserved handle in the other world's table, where that slot may be
    // another entity's.
    void swap(basic_world& other) noexcept {
        state_.assert_not_iterating("swap");
        other.state_.assert_not_iterating("swap");
        const std::size_t reserved = state_.entities.reserved_count() + other.state_.entities.reserved_count();
        KILN_CHECK(reserved == 0,
                   "world::swap: %zu entit%s reserved by creates not applied yet; apply (flush) or discard their "
                   "command buffers first",
                   reserved, reserved == 1 ? "y is" : "ies are");
        state_.storages.swap(other.state_.storages);
        std::swap(state_.resources, other.state_.resources);
        std::swap(state_.entities, other.state_.entities);
        std::swap(state_.unsettled, other.state_.unsettled); // the holes went with the storages
        tracking::stamp_all(state_); // ticks of the other world's clock would mean nothing here
        tracking::stamp_all(other.state_);
        state_.hierarchy.swap(other.state_.hierarchy);
        state_.prefab_records.swap(other.state_.prefab_records);
        std::swap(state_.states, other.state_.states);
        std::swap(state_.started, other.state_.started);
    }

    // The world's state, for the runtime's functions that take a whole world
    // and reach into it (kiln::propagate, the hierarchy's view, the stage
    // runner, save and load, dump): found by argument-dependent lookup, so
    // that headers below this one call it without including it. Game code
    // has no use for it.
    friend state_type& world_state_of(basic_world& world) noexcept { return world.state_; }
    friend const state_type& world_state_of(const basic_world& world) noexcept { return world.state_; }

private:
    // The command buffer applies a create it recorded through
    // place_reserved, and a change recorded as data through apply_recorded,
    // which nothing else may call.
    friend commands_type;
    using runner = internal::stage_runner<basic_world>;
    using tracking = internal::change_tracking<basic_world>;
    using observer_dispatch = internal::observer_dispatch<basic_world, tracking>;
    using moves = internal::structural_moves<basic_world>;
    using lookup = internal::component_lookup<state_type>;
    using batch = internal::batch_lookup<state_type>;
    using query_loop = internal::query_loop<basic_world, tracking>;
    using tree_moves = internal::hierarchy_moves<basic_world>;
    using transitions = internal::state_transitions<basic_world, runner>;

    // For command buffers: creates the reserved entity e in archetype A.
    template <archetype A, class... Given>
    void place_reserved(entity e, const Given&... given) {
        moves::template create_reserved<A>(*this, state_, e, given...);
    }

    // For command buffers: an add, remove, replace or set recorded as data
    // (where World was only declared), value the gained component's bytes.
    void apply_recorded(const internal::recorded_change& change, const std::byte* value) {
        internal::moves_by_id<basic_world>::apply(*this, state_, change, value);
    }

    // For command buffers: a create recorded as data, given the values that
    // follow it (internal::recorded_value, then the bytes, each).
    void apply_recorded(const internal::recorded_create& create, const std::byte* given) {
        internal::moves_by_id<basic_world>::create(*this, state_, create, given);
    }

    state_type state_{*this};
};

} // namespace kiln
