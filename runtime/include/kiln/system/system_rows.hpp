// A system's row loop compiled in the file that defines its run(), for
// schemas that ask for it ([kiln] row_loops = "bodies", docs/compile_time.md):
// there run() is inlined into the loop, and the world's unit compiles no
// loop of the system, only the call of S::rows. The schedule hands the rows
// over as data (rows_job); this header needs no world and no storage, so
// that the file of run() pays for the loop and its cursors alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/query/row_loop.hpp>
#include <kiln/system/system.hpp>

namespace kiln {

// Rows [begin, end) of one archetype that a system runs on, as the
// schedule hands them to S::rows: the archetype's columns and where each of
// S::access's start among them, the rows' entities, and the address of each
// argument run() takes after the row's components (its lookups, resources,
// event writers and readers, in that order), and of its commands when it
// records some. Addresses without their types: S::rows casts each back to
// the type of run()'s parameter, which kilnc declared from the same schema
// as the schedule's.
struct rows_job {
    std::byte* const* columns;
    const std::uint32_t* first_columns;
    const entity* entities;
    std::size_t begin;
    std::size_t end;
    void* const* arguments;
    void* commands;
};

namespace internal {

// The parameters of a function type, as a std::tuple of them (only ever
// asked for its elements' types).
template <class Function>
struct parameters_of;

template <class... Parameters>
struct parameters_of<void(Parameters...)> {
    using type = std::tuple<Parameters...>;
};

// Whether S runs its rows in the file of its run(): kilnc declares
// S::rows there, and S::rows_apart.
template <class S>
inline constexpr bool rows_apart_v = false;

template <class S>
    requires(S::rows_apart)
inline constexpr bool rows_apart_v<S> = true;

// run()'s parameters before the row's components: the commands and the
// entity when S records commands, the entity when it takes it.
template <class S>
constexpr std::size_t head_parameters() {
    if constexpr (S::commands) {
        return 2;
    } else if constexpr (entity_of_v<S>) {
        return 1;
    } else {
        return 0;
    }
}

// The argument run() takes at position Position among its parameters, from
// its address.
template <class S, std::size_t Position>
using parameter_t = std::tuple_element_t<Position, typename parameters_of<decltype(S::run)>::type>;

template <class S, std::size_t Position>
decltype(auto) argument_at(void* address) noexcept {
    return *static_cast<std::remove_reference_t<parameter_t<S, Position>>*>(address);
}

// Calls finish with the values of rows [begin, end) through cursors: each
// cursor's span of them when S takes columns; else row by row, with the
// commands and the row's entity first when S records commands, the entity
// first when it takes it. The world's unit loops with it as the file of
// run() does (stage_runner::each_row).
template <class S, class Finish, class Commands, class... Cursors>
void each_row_of(Finish& finish, std::size_t begin, std::size_t end, const entity* entities,
                 [[maybe_unused]] Commands commands, Cursors... cursors) {
    if constexpr (S::columns) {
        finish(std::span{cursors + begin, end - begin}...);
    } else if constexpr (S::commands) {
        auto call = [&](entity e, auto&&... values) { finish(*commands, e, values...); };
        for_each_row_with_entity(call, begin, end, entities, cursors...);
    } else if constexpr (entity_of_v<S>) {
        for_each_row_with_entity(finish, begin, end, entities, cursors...);
    } else {
        for_each_row(finish, begin, end, cursors...);
    }
}

template <class S, class... Access, std::size_t... I, std::size_t... J>
void run_job(const rows_job& job, type_list<Access...>, std::index_sequence<I...>, std::index_sequence<J...>) {
    constexpr std::size_t after_row = head_parameters<S>() + sizeof...(Access);
    auto finish = [&](auto&&... head) {
        S::run(head..., argument_at<S, after_row + J>(job.arguments[J])...);
    };
    if constexpr (S::commands && !S::columns) {
        each_row_of<S>(finish, job.begin, job.end, job.entities, &argument_at<S, 0>(job.commands),
                       access_cursor<Access>(job.columns, job.first_columns[I])...);
    } else {
        each_row_of<S>(finish, job.begin, job.end, job.entities, nullptr,
                       access_cursor<Access>(job.columns, job.first_columns[I])...);
    }
}

} // namespace internal

// S's rows of one job, run(): what kilnc's S::rows calls, in the file that
// includes S's header and defines its run().
template <class S>
void run_rows(const rows_job& job) {
    constexpr std::size_t parameters = std::tuple_size_v<typename internal::parameters_of<decltype(S::run)>::type>;
    constexpr std::size_t after_row = internal::head_parameters<S>() + S::access::size;
    internal::run_job<S>(job, typename S::access{}, std::make_index_sequence<S::access::size>{},
                         std::make_index_sequence<parameters - after_row>{});
}

} // namespace kiln
