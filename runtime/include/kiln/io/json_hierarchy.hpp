// The hierarchy in a JSON document: "hierarchy", a list of [child, parent]
// handle pairs, present when some entity has a parent. docs/json.md
// describes it.
#pragma once

#include <cstddef>

#include <nlohmann/json.hpp>

#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/hierarchy/hierarchy_table.hpp>
#include <kiln/io/json_format.hpp>
#include <kiln/io/save_error.hpp>

namespace kiln::internal {

// The links in hierarchy_table's for_each_link order, which rebuilds each
// parent's children in order: [["3:0", "0:0"], ["5:1", "3:0"], ...].
inline nlohmann::ordered_json hierarchy_json(const hierarchy_table& links) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    links.for_each_link([&](entity child, entity parent) {
        list.push_back(nlohmann::ordered_json::array({handle_text(child), handle_text(parent)}));
    });
    return list;
}

// Reads the links of list into links, the fresh world's hierarchy, once its
// entity table is built: each must join two live entities, give a child its
// first parent and make no entity its own ancestor. Reader is json_reader.
template <class Reader, class Json>
bool read_hierarchy(Reader& in, const Json& list, const entity_table& entities, hierarchy_table& links) {
    if (!list.is_array()) {
        return in.fail(save_errc::corrupt, "expected an array of [child, parent] handle pairs, found %s",
                       in.found(list).c_str());
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        const typename decltype(Reader::path)::segment at{in.path, i};
        const Json& pair = list[i];
        if (!pair.is_array() || pair.size() != 2) {
            return in.fail(save_errc::corrupt, "expected a pair [child, parent] of handles, found %s",
                           in.found(pair).c_str());
        }
        entity child;
        entity parent;
        if (!in.handle(pair[0], child) || !in.handle(pair[1], parent)) {
            return false;
        }
        const char* problem = !entities.alive(child) || !entities.alive(parent) ? "names an entity the world does not hold"
                              : !links.links(child).parent.is_null()           ? "gives its child a second parent"
                              : child == parent || links.is_ancestor(child, parent) ? "makes its child its own ancestor"
                                                                                     : nullptr;
        if (problem != nullptr) {
            return in.fail(save_errc::corrupt, "the link of %u:%u to parent %u:%u %s", child.index(),
                           child.generation(), parent.index(), parent.generation(), problem);
        }
        links.attach(child, parent);
    }
    return true;
}

} // namespace kiln::internal
