// Declarations of kiln's public templates, for headers that only name them.
#pragma once

#include <cstdint>

namespace kiln {

class entity;
class entity_table;
struct entity_location;

enum class layout : std::uint8_t;

template <class C>
struct component_traits;
template <class R>
struct resource_traits;
template <class C>
struct archetypes_with;

template <class... Types>
struct type_list;

template <class C>
class packed_column;
template <class C>
class split_column;
template <class C>
class tag_column;
template <class... Components>
class archetype_storage;

template <class... Components>
struct with_t;
template <class... Components>
struct without_t;

template <class Schema>
class basic_world;

} // namespace kiln
