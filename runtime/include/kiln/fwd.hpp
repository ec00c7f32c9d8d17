// Declarations of kiln's public templates, for headers that only name them.
#pragma once

#include <cstdint>

namespace kiln {

class entity;
class entity_table;
struct entity_location;

template <class A>
class handle;

enum class layout : std::uint8_t;

struct field_info;
struct schema_origin;
template <auto... Members>
struct member_list;

template <class C>
struct component_traits;
template <class R>
struct resource_traits;
template <class C>
struct archetypes_with;
template <class C>
struct transitions;

template <class... Types>
struct type_list;

struct column_layout;
class archetype_storage;
template <class Storage, class... Components>
class basic_archetype_view;

template <class... Components>
struct with_t;
template <class... Components>
struct without_t;

template <class Schema>
class basic_world;
template <class World>
class command_buffer;
template <class World>
class command_recorder;
template <class World>
class deferred_world;
template <class World>
class system_commands;
template <class Spec>
class lookup;
template <class Spec>
class single;
template <class World>
class hierarchy;
class hierarchy_table;

} // namespace kiln
