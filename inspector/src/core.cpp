// The inspector's answering on a world's table (kiln/inspector/core.hpp):
// every endpoint of docs/inspector.md. Values are read and written from the fields kilnc's reflection
// describes (kind, count, offset), as kiln's JSON writer and reader write and
// read them (kiln/io/json_writer.hpp, json_reader.hpp), once for all worlds.
#include <kiln/inspector/core.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>

#include <kiln/io/json_format.hpp>
#include <kiln/io/json_reader.hpp>
#include <kiln/io/json_writer.hpp>

namespace kiln::inspect {

namespace {

// ---- values, from their fields' descriptions --------------------------------

bool is_array(const field_info& info) { return !info.type.empty() && info.type.back() == ']'; }

// A field's value, from bytes of any alignment.
template <class T>
T load(const std::byte* at) {
    T value;
    std::memcpy(&value, at, sizeof value);
    return value;
}

// One scalar as kiln's JSON writer gives it (internal::value_json).
json element_json(scalar_type element, const std::byte* at) {
    switch (element) {
    case scalar_type::boolean: return json(load<bool>(at));
    case scalar_type::i8: return json(load<std::int8_t>(at));
    case scalar_type::i16: return json(load<std::int16_t>(at));
    case scalar_type::i32: return json(load<std::int32_t>(at));
    case scalar_type::i64: return json(load<std::int64_t>(at));
    case scalar_type::u8: return json(load<std::uint8_t>(at));
    case scalar_type::u16: return json(load<std::uint16_t>(at));
    case scalar_type::u32: return json(load<std::uint32_t>(at));
    case scalar_type::u64: return json(load<std::uint64_t>(at));
    case scalar_type::f32: return internal::float_json(load<float>(at));
    case scalar_type::f64: return internal::float_json(load<double>(at));
    case scalar_type::entity: {
        const entity e = load<entity>(at);
        return e.is_null() ? json(nullptr) : json(internal::handle_text(e));
    }
    case scalar_type::external: break;
    }
    return json(nullptr);
}

json field_json(const field_info& info, const std::byte* record) {
    const std::byte* at = record + info.offset;
    if (info.element == scalar_type::external) {
        return internal::hex_text(at, info.size); // an extern, or an array of them: its bytes
    }
    if (is_array(info)) {
        json elements = json::array();
        const std::size_t step = info.count == 0 ? 0 : info.size / info.count;
        for (std::size_t i = 0; i < info.count; ++i) {
            elements.push_back(element_json(info.element, at + i * step));
        }
        return elements;
    }
    return element_json(info.element, at);
}

// {"field": value, ...} in schema order (internal::record_json).
json record_json(std::span<const field_info> fields, const std::byte* record) {
    json out = json::object();
    for (const field_info& info : fields) {
        out[std::string(info.name)] = field_json(info, record);
    }
    return out;
}

// JSON text written directly, for a page of entities: the same values as
// record_json, without building a document first, which took a
// 1,000-entity page of quads from 9.9 ms of CPU to 1.9 (release,
// tests/inspector/cost.cpp).
template <class T>
void append_number(std::string& out, T value) {
    char text[40];
    if constexpr (std::is_integral_v<T>) {
        const auto end = std::to_chars(text, text + sizeof text, value).ptr;
        out.append(text, end);
    } else if (std::isnan(value)) {
        out += "\"nan\"";
    } else if (std::isinf(value)) {
        out += value < 0 ? "\"-inf\"" : "\"inf\"";
    } else {
        // An f32 as its shortest text when that reads back, through a double, as the same f32.
        auto [end, failed] = std::to_chars(text, text + sizeof text, value);
        if constexpr (sizeof(T) == 4) {
            double back = 0;
            if (failed != std::errc{} || !internal::read_double(text, end, back) || static_cast<float>(back) != value) {
                end = std::to_chars(text, text + sizeof text, static_cast<double>(value)).ptr;
            }
        }
        out.append(text, end);
    }
}

void append_element(std::string& out, scalar_type element, const std::byte* at) {
    switch (element) {
    case scalar_type::boolean: out += load<bool>(at) ? "true" : "false"; return;
    case scalar_type::i8: append_number(out, load<std::int8_t>(at)); return;
    case scalar_type::i16: append_number(out, load<std::int16_t>(at)); return;
    case scalar_type::i32: append_number(out, load<std::int32_t>(at)); return;
    case scalar_type::i64: append_number(out, load<std::int64_t>(at)); return;
    case scalar_type::u8: append_number(out, load<std::uint8_t>(at)); return;
    case scalar_type::u16: append_number(out, load<std::uint16_t>(at)); return;
    case scalar_type::u32: append_number(out, load<std::uint32_t>(at)); return;
    case scalar_type::u64: append_number(out, load<std::uint64_t>(at)); return;
    case scalar_type::f32: append_number(out, load<float>(at)); return;
    case scalar_type::f64: append_number(out, load<double>(at)); return;
    case scalar_type::entity: {
        const entity e = load<entity>(at);
        out += e.is_null() ? std::string("null") : '"' + internal::handle_text(e) + '"';
        return;
    }
    case scalar_type::external: return;
    }
}

// {"field": value, ...}: field names are the schema's identifiers, which need no escapes.
void append_record(std::string& out, std::span<const field_info> fields, const std::byte* record) {
    out += '{';
    bool first = true;
    for (const field_info& info : fields) {
        out += first ? "\"" : ",\"";
        first = false;
        out += info.name;
        out += "\":";
        const std::byte* at = record + info.offset;
        if (info.element == scalar_type::external) {
            out += '"' + internal::hex_text(at, info.size) + '"';
        } else if (is_array(info)) {
            out += '[';
            const std::size_t step = info.count == 0 ? 0 : info.size / info.count;
            for (std::size_t i = 0; i < info.count; ++i) {
                out += i == 0 ? "" : ",";
                append_element(out, info.element, at + i * step);
            }
            out += ']';
        } else {
            append_element(out, info.element, at);
        }
    }
    out += '}';
}

// One scalar read as kiln's JSON reader reads it (internal::read_value),
// into the bytes at at.
template <class T>
bool read_scalar(internal::json_reader& in, const json& value, std::string_view type, std::byte* at) {
    T read = load<T>(at);
    if (!internal::read_value(in, value, type, read)) {
        return false;
    }
    std::memcpy(at, &read, sizeof read);
    return true;
}

bool read_element(internal::json_reader& in, const json& value, std::string_view type, scalar_type element,
                  std::byte* at) {
    switch (element) {
    case scalar_type::boolean: return read_scalar<bool>(in, value, type, at);
    case scalar_type::i8: return read_scalar<std::int8_t>(in, value, type, at);
    case scalar_type::i16: return read_scalar<std::int16_t>(in, value, type, at);
    case scalar_type::i32: return read_scalar<std::int32_t>(in, value, type, at);
    case scalar_type::i64: return read_scalar<std::int64_t>(in, value, type, at);
    case scalar_type::u8: return read_scalar<std::uint8_t>(in, value, type, at);
    case scalar_type::u16: return read_scalar<std::uint16_t>(in, value, type, at);
    case scalar_type::u32: return read_scalar<std::uint32_t>(in, value, type, at);
    case scalar_type::u64: return read_scalar<std::uint64_t>(in, value, type, at);
    case scalar_type::f32: return read_scalar<float>(in, value, type, at);
    case scalar_type::f64: return read_scalar<double>(in, value, type, at);
    case scalar_type::entity: return read_scalar<entity>(in, value, type, at);
    case scalar_type::external: break;
    }
    return false;
}

bool read_field(internal::json_reader& in, const json& value, const field_info& info, std::byte* at) {
    if (info.element == scalar_type::external) {
        const auto* text = value.get_ptr<const json::string_t*>();
        if (text == nullptr || !internal::parse_hex(*text, at, info.size)) {
            return in.fail(save_errc::corrupt, "expected %zu hex digits, the bytes of a %.*s, found %s",
                           2 * info.size, static_cast<int>(info.type.size()), info.type.data(),
                           text != nullptr ? "another string" : in.found(value).c_str());
        }
        return true;
    }
    if (is_array(info)) {
        const std::size_t count = info.count;
        if (!value.is_array() || value.size() != count) {
            return in.fail(save_errc::corrupt, "expected an array of %zu values (%.*s), found %s", count,
                           static_cast<int>(info.type.size()), info.type.data(), in.found(value).c_str());
        }
        const std::size_t step = count == 0 ? 0 : info.size / count;
        for (std::size_t i = 0; i < count; ++i) {
            const internal::json_path::segment index{in.path, i};
            if (!read_element(in, value[i], info.type, info.element, at + i * step)) {
                return false;
            }
        }
        return true;
    }
    return read_element(in, value, info.type, info.element, at);
}

// Reads {"field": value, ...} into record, which holds its current values:
// fields the object lacks keep them; a name the type lacks is an error
// (internal::read_record).
bool read_record(internal::json_reader& in, const json& value, std::string_view name,
                 std::span<const field_info> fields, std::byte* record) {
    if (!value.is_object()) {
        return in.fail(save_errc::corrupt, "expected an object of %.*s's fields, found %s",
                       static_cast<int>(name.size()), name.data(), in.found(value).c_str());
    }
    for (auto item = value.begin(); item != value.end(); ++item) {
        const bool known = std::any_of(fields.begin(), fields.end(),
                                       [&](const field_info& info) { return info.name == item.key(); });
        if (!known) {
            const internal::json_path::segment at{in.path, item.key()};
            return in.fail(save_errc::corrupt, "%.*s has no field %s", static_cast<int>(name.size()), name.data(),
                           item.key().substr(0, 64).c_str());
        }
    }
    bool ok = true;
    for (const field_info& info : fields) {
        if (const auto found = value.find(std::string(info.name)); ok && found != value.end()) {
            const internal::json_path::segment at{in.path, info.name};
            ok = read_field(in, *found, info, record + info.offset);
        }
    }
    return ok;
}

// ---- the schema -------------------------------------------------------------

json names_json(std::span<const std::string_view> names) {
    json out = json::array();
    for (const std::string_view name : names) {
        out.push_back(std::string(name));
    }
    return out;
}

json fields_json(std::span<const field_info> fields) {
    json out = json::array();
    for (const field_info& info : fields) {
        json field = json::object();
        field["name"] = std::string(info.name);
        field["type"] = std::string(info.type);
        field["count"] = info.count;
        field["offset"] = info.offset;
        field["size"] = info.size;
        field["default"] = std::string(info.default_value);
        field["doc"] = std::string(info.doc);
        out.push_back(std::move(field));
    }
    return out;
}

json origin_json(const schema_origin& origin) {
    json out = json::object();
    out["file"] = std::string(origin.file);
    out["line"] = origin.line;
    return out;
}

json access_json(const access_entry& access) {
    json out = json::object();
    out["read"] = names_json(access.read);
    out["write"] = names_json(access.write);
    out["with"] = names_json(access.with);
    out["without"] = names_json(access.without);
    out["resources_read"] = names_json(access.resources_read);
    out["resources_write"] = names_json(access.resources_write);
    if (access.lists_archetypes) {
        out["archetypes"] = names_json(access.archetypes);
    }
    if (access.lists_emits) {
        out["emits"] = names_json(access.emits);
    }
    if (access.lists_reads_events) {
        out["reads_events"] = names_json(access.reads_events);
    }
    return out;
}

// Whether a and b, of the same stage, cannot run at once: one writes a
// component of an archetype both match that the other touches, or a
// resource the other touches. What kilnc's batching keeps apart.
bool conflict(const json& a, const json& b, std::string& why) {
    const auto has = [](const json& list, const json& name) {
        return std::find(list.begin(), list.end(), name) != list.end();
    };
    bool shared_archetype = false;
    if (a.contains("archetypes") && b.contains("archetypes")) {
        for (const json& archetype : a["archetypes"]) {
            shared_archetype = shared_archetype || has(b["archetypes"], archetype);
        }
    }
    // Whether one writes a name of the lists write_key/read_key that the
    // other writes or reads: why names it.
    const auto overlap = [&](const char* write_key, const char* read_key) {
        for (const json& name : a[write_key]) {
            if (has(b[write_key], name) || has(b[read_key], name)) {
                why = name.get<std::string>();
                return true;
            }
        }
        for (const json& name : b[write_key]) {
            if (has(a[read_key], name)) {
                why = name.get<std::string>();
                return true;
            }
        }
        return false;
    };
    return (shared_archetype && overlap("write", "read")) || overlap("resources_write", "resources_read");
}

// What the schema declares (GET /api/schema).
json schema_json(const world_table& table) {
    json out = json::object();
    out["schema"] = std::string(table.schema);
    out["version"] = table.version;
    out["tracks_changes"] = table.tick != nullptr;
    json component_list = json::array();
    for (const component_entry& component : table.components) {
        json c = json::object();
        c["name"] = std::string(component.name);
        c["doc"] = std::string(component.doc);
        c["origin"] = origin_json(component.origin);
        c["tag"] = component.tag;
        c["split"] = component.split;
        c["tracked"] = component.tracked;
        c["fields"] = fields_json(component.fields);
        component_list.push_back(std::move(c));
    }
    out["components"] = std::move(component_list);
    json archetype_list = json::array();
    for (const archetype_entry& archetype : table.archetypes) {
        json a = json::object();
        a["name"] = std::string(archetype.name);
        a["id"] = archetype.id;
        json names = json::array();
        for (const std::size_t index : archetype.components) {
            names.push_back(std::string(table.components[index].name));
        }
        a["components"] = std::move(names);
        a["origin"] = origin_json(archetype.origin);
        archetype_list.push_back(std::move(a));
    }
    out["archetypes"] = std::move(archetype_list);
    json resource_list = json::array();
    for (const resource_entry& resource : table.resources) {
        json r = json::object();
        r["name"] = std::string(resource.name);
        r["doc"] = std::string(resource.doc);
        r["fields"] = fields_json(resource.fields);
        resource_list.push_back(std::move(r));
    }
    out["resources"] = std::move(resource_list);
    json event_list = json::array();
    for (const event_entry& event : table.events) {
        json e = json::object();
        e["name"] = std::string(event.name);
        e["emitters"] = names_json(event.emitters);
        e["readers"] = names_json(event.readers);
        event_list.push_back(std::move(e));
    }
    out["events"] = std::move(event_list);
    json state_list = json::array();
    for (const state_entry& state : table.states) {
        json st = json::object();
        st["name"] = std::string(state.name);
        st["values"] = names_json(state.values);
        st["initial"] = std::string(state.values[state.initial]);
        state_list.push_back(std::move(st));
    }
    out["states"] = std::move(state_list);

    // Systems by schedule: each stage's batches, each system's access, and
    // the edges between the systems of a stage.
    json system_list = json::array();
    json stage_list = json::array();
    json edges = json::array();
    for (const stage_entry& plan : table.stages) {
        json stage = json::object();
        stage["name"] = std::string(plan.name);
        stage["role"] = std::string(plan.role);
        json batches = json::array();
        std::vector<json> in_stage;
        std::vector<std::size_t> batch_of;
        for (std::size_t batch_index = 0; batch_index < plan.batches.size(); ++batch_index) {
            const batch_entry& entry = plan.batches[batch_index];
            json batch = json::object();
            batch["fused"] = entry.fused;
            json members = json::array();
            for (const std::size_t index : entry.systems) {
                const system_entry& system = table.systems[index];
                json s = json::object();
                s["name"] = std::string(system.name);
                s["index"] = index;
                s["stage"] = stage["name"];
                s["batch"] = batch_index;
                s["parallel"] = system.parallel;
                s["commands"] = system.commands;
                s["access"] = access_json(system.access);
                members.push_back(std::string(system.name));
                in_stage.push_back(s);
                batch_of.push_back(batch_index);
                system_list.push_back(std::move(s));
            }
            batch["systems"] = std::move(members);
            batches.push_back(std::move(batch));
        }
        for (std::size_t i = 0; i < in_stage.size(); ++i) {
            for (std::size_t j = i + 1; j < in_stage.size(); ++j) {
                std::string why;
                if (batch_of[i] != batch_of[j] && conflict(in_stage[i]["access"], in_stage[j]["access"], why)) {
                    json edge = json::object();
                    edge["from"] = in_stage[i]["name"];
                    edge["to"] = in_stage[j]["name"];
                    edge["kind"] = "conflict";
                    edge["on"] = why;
                    edges.push_back(std::move(edge));
                }
            }
        }
        stage["batches"] = std::move(batches);
        stage_list.push_back(std::move(stage));
    }
    out["stages"] = std::move(stage_list);
    out["systems"] = std::move(system_list);
    out["edges"] = std::move(edges);
    json observer_list = json::array();
    for (const observer_entry& observer : table.observers) {
        json o = json::object();
        o["name"] = std::string(observer.name);
        o["event"] = std::string(observer.event);
        o["access"] = access_json(observer.access);
        observer_list.push_back(std::move(o));
    }
    out["observers"] = std::move(observer_list);
    return out;
}

// ---- requests ---------------------------------------------------------------

// One reference token of a JSON pointer (RFC 6901), unescaped.
bool pointer_tokens(std::string_view pointer, std::vector<std::string>& out) {
    if (pointer.empty()) {
        return true;
    }
    if (pointer.front() != '/') {
        return false;
    }
    std::string token;
    for (std::size_t i = 1; i <= pointer.size(); ++i) {
        if (i == pointer.size() || pointer[i] == '/') {
            out.push_back(std::move(token));
            token.clear();
        } else if (pointer[i] == '~') {
            if (i + 1 >= pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1')) {
                return false;
            }
            token += pointer[i + 1] == '0' ? '~' : '/';
            ++i;
        } else {
            token += pointer[i];
        }
    }
    return true;
}

// The value at tokens inside document, or null when there is none; never
// creates anything (nlohmann's operator[] would, and its at() throws).
json* find_pointer(json& document, const std::vector<std::string>& tokens, std::size_t from, std::string& why) {
    json* at = &document;
    for (std::size_t i = from; i < tokens.size(); ++i) {
        const std::string& token = tokens[i];
        if (at->is_object()) {
            const auto found = at->find(token);
            if (found == at->end()) {
                why = "there is no field '" + token.substr(0, 64) + "'";
                return nullptr;
            }
            at = &*found;
        } else if (at->is_array()) {
            std::size_t index = 0;
            const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), index);
            if (token.empty() || error != std::errc{} || end != token.data() + token.size() ||
                (token.size() > 1 && token[0] == '0') || index >= at->size()) {
                why = "'" + token.substr(0, 64) + "' is not an index of an array of " + std::to_string(at->size());
                return nullptr;
            }
            at = &(*at)[index];
        } else {
            why = "'" + token.substr(0, 64) + "' goes inside a value that has no parts";
            return nullptr;
        }
    }
    return at;
}

response error(int status, std::string message) {
    json body = json::object();
    body["error"] = std::move(message);
    return {status, body.dump()};
}

response ok(const json& body) { return {200, body.dump(-1, ' ', false, json::error_handler_t::replace)}; }

// A number parameter of the query: fallback when absent, nullopt when not a
// number in [low, high].
std::optional<std::size_t> number_param(const request& asked, std::string_view name, std::size_t fallback,
                                        std::size_t low, std::size_t high) {
    const std::string_view text = asked.param(name);
    if (text.empty()) {
        return fallback;
    }
    std::size_t value = 0;
    const auto [end, failed] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (failed != std::errc{} || end != text.data() + text.size() || value < low || value > high) {
        return std::nullopt;
    }
    return value;
}

// Sets the value at tokens[from...] of record (a component's or resource's
// value, as JSON) to replacement and reads it back into changed, which holds
// the current value; "" or why not.
std::string patch(std::string_view name, std::span<const field_info> fields, const std::byte* current,
                  const std::vector<std::string>& tokens, std::size_t from, const json& replacement,
                  std::byte* changed) {
    json document = record_json(fields, current);
    std::string why;
    json* at = find_pointer(document, tokens, from, why);
    if (at == nullptr) {
        return why;
    }
    *at = replacement;
    internal::json_reader reader;
    if (!read_record(reader, document, name, fields, changed)) {
        return reader.error.message; // "/field: expected ...", or "the document: ..." for the whole
    }
    return "";
}

// An edit's error: the reader's, which names the field's pointer inside
// the record (under base), or another, said of the whole pointer.
std::string located(const std::string& base, const std::string& pointer, const std::string& why) {
    if (!why.empty() && why.front() == '/') {
        return base + why;
    }
    if (why.rfind("the document: ", 0) == 0) {
        return (base.empty() ? pointer : base) + ": " + why.substr(14);
    }
    return pointer + ": " + why;
}

// A page of an archetype's rows, copied at the barrier for the text to be
// written from later: the handles, and a column of each component asked
// for (the others left empty).
struct page_copy {
    std::vector<entity> entities;
    std::vector<std::vector<std::byte>> columns;
};

// A value's bytes, aligned for any component.
using value_bytes = std::unique_ptr<std::max_align_t[]>;

value_bytes bytes_for(std::size_t size) {
    return std::make_unique<std::max_align_t[]>((size + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t) + 1);
}

std::byte* bytes_of(const value_bytes& value) { return reinterpret_cast<std::byte*>(value.get()); }

} // namespace

inspector_core::inspector_core(const world_table& table)
    : table_{table}, events_seen_(table.events.size()), events_last_frame_(table.events.size()) {
    ring_.size(table.stages.size(), table.systems.size());
}

inspector_core::~inspector_core() { stop(); }

bool inspector_core::serve(void* world) {
    const auto now = std::chrono::steady_clock::now();
    if (ran_last_) {
        ring_.close_frame(std::chrono::duration_cast<std::chrono::nanoseconds>(now - last_serve_).count());
        count_events(world);
    }
    last_serve_ = now;
    const auto deadline = now + server_.chosen().budget;
    while (std::shared_ptr<pending> next = server_.next()) {
        server_.answer(next, respond(world, server::request_of(*next)));
        if (std::chrono::steady_clock::now() >= deadline) {
            break;
        }
    }
    bool run = !paused_;
    if (paused_ && steps_ > 0) {
        --steps_;
        run = true;
    } else if (run && speed_ < 1.0) {
        // At a fraction of speed: that share of the frames runs, evenly spread.
        owed_ += speed_;
        run = owed_ >= 1.0;
        owed_ -= run ? 1.0 : 0.0;
    }
    ran_last_ = run;
    if (run) {
        ++frame_;
    }
    if (server_.wants_stats()) {
        server_.publish_stats(stream_line(world));
    }
    return run;
}

response inspector_core::respond(void* world, const request& asked) {
    const std::string_view path = asked.path;
    const bool get = asked.method == "GET";
    const bool post = asked.method == "POST";
    if (!get && !post) {
        return error(405, "the inspector's API takes GET and POST");
    }
    const auto method = [&](bool wanted, const char* which) -> std::optional<response> {
        if (!wanted) {
            return error(405, std::string(path) + " takes " + which);
        }
        return std::nullopt;
    };
    if (path == "/schema") {
        if (auto refused = method(get, "GET")) {
            return *refused;
        }
        // The schema never changes: its text is written once, on first asked.
        if (schema_cache_.empty()) {
            schema_cache_ = schema_json(table_).dump();
        }
        return response{200, schema_cache_};
    }
    if (path == "/world") {
        return method(get, "GET").value_or(ok(world_json(world)));
    }
    if (path == "/entities") {
        if (auto refused = method(get, "GET")) {
            return *refused;
        }
        return entities(world, asked);
    }
    if (path.rfind("/entity/", 0) == 0) {
        if (auto refused = method(get, "GET")) {
            return *refused;
        }
        return entity_answer(world, path.substr(8));
    }
    if (path == "/hierarchy") {
        return method(get, "GET").value_or(ok(hierarchy_json(world)));
    }
    if (path == "/resources") {
        return method(get, "GET").value_or(ok(resources_json(world)));
    }
    if (path == "/timings") {
        if (auto refused = method(get, "GET")) {
            return *refused;
        }
        const std::optional<std::size_t> n = number_param(asked, "frames", 60, 1, detail::timing_ring::frames);
        if (!n) {
            return error(400, "frames must be a number from 1 to 120");
        }
        return ok(timings_json(*n));
    }
    if (path == "/changed") {
        if (auto refused = method(get, "GET")) {
            return *refused;
        }
        return changed(world, asked);
    }
    if (path == "/state") {
        if (auto refused = method(post, "POST")) {
            return *refused;
        }
        return set_state(world, asked);
    }
    if (path == "/pause" || path == "/resume" || path == "/step" || path == "/speed") {
        if (auto refused = method(post, "POST")) {
            return *refused;
        }
        return control(world, path, asked);
    }
    if (path == "/edit" || path == "/create" || path == "/destroy") {
        if (auto refused = method(post, "POST")) {
            return *refused;
        }
        const json body = json::parse(asked.body, nullptr, false);
        if (body.is_discarded() || !body.is_object()) {
            return error(400, "the body must be a JSON object");
        }
        if (path == "/edit") {
            return edit(world, body);
        }
        if (path == "/create") {
            return create(world, body);
        }
        return destroy(world, body);
    }
    return error(404, "no such endpoint: " + std::string(path.substr(0, 64)) + " (see docs/inspector.md)");
}

std::string inspector_core::stream_line(void* world) {
    json line = stats(world);
    if (table_.tick != nullptr) {
        const std::uint32_t since = streamed_tick_.value_or(table_.tick(world));
        line["changed_since"] = since;
        line["changed"] = changed_json(world, since, 100);
        const std::uint32_t now = table_.tick(world);
        streamed_tick_ = now > 0 ? now - 1 : 0;
    }
    return line.dump();
}

json inspector_core::stats(const void* world) const {
    json out = world_json(world);
    out.erase("archetypes");
    json stage_us = json::array();
    json system_us = json::array();
    for (std::size_t i = 0; i < ring_.stages + ring_.systems; ++i) {
        const std::vector<std::int64_t> last = ring_.history(i, 1);
        (i < ring_.stages ? stage_us : system_us).push_back(last.empty() ? 0.0 : std::round(last[0] / 10.0) / 100.0);
    }
    const std::vector<std::int64_t> whole = ring_.history(static_cast<std::size_t>(-1), 1);
    out["frame_us"] = whole.empty() ? 0.0 : std::round(whole[0] / 10.0) / 100.0;
    out["stage_us"] = std::move(stage_us);
    out["system_us"] = std::move(system_us);
    return out;
}

// ---- the world ---------------------------------------------------------------

json inspector_core::world_json(const void* world) const {
    json out = json::object();
    out["schema"] = std::string(table_.schema);
    out["frame"] = frame_;
    if (table_.tick != nullptr) {
        out["tick"] = table_.tick(world);
    } else {
        out["tick"] = nullptr;
    }
    out["paused"] = paused_;
    out["steps_left"] = steps_;
    out["speed"] = speed_;
    out["entities"] = table_.size(world);
    out["states"] = states_json(world);
    json events = json::object();
    for (std::size_t e = 0; e < table_.events.size(); ++e) {
        json entry = json::object();
        entry["sent"] = table_.events[e].sent(world);
        entry["last_frame"] = events_last_frame_[e];
        events[std::string(table_.events[e].name)] = std::move(entry);
    }
    out["events"] = std::move(events);
    json counts = json::object();
    for (const archetype_entry& archetype : table_.archetypes) {
        counts[std::string(archetype.name)] = archetype.rows(world);
    }
    out["archetypes"] = std::move(counts);
    return out;
}

// How many of each event the frame just run sent (a world loaded since
// counts again from what it holds).
void inspector_core::count_events(const void* world) {
    for (std::size_t e = 0; e < table_.events.size(); ++e) {
        const std::uint64_t sent = table_.events[e].sent(world);
        events_last_frame_[e] = sent >= events_seen_[e] ? sent - events_seen_[e] : sent;
        events_seen_[e] = sent;
    }
}

// Each state's value, and the value requested next or null.
json inspector_core::states_json(const void* world) const {
    json out = json::object();
    for (const state_entry& state : table_.states) {
        json entry = json::object();
        entry["current"] = std::string(state.values[state.current(world)]);
        const std::optional<std::size_t> next = state.requested(world);
        entry["requested"] = next ? json(std::string(state.values[*next])) : json(nullptr);
        out[std::string(state.name)] = std::move(entry);
    }
    return out;
}

// Requests a transition, as game code between frames does: applied when the
// next frame's progress starts (docs/states.md).
response inspector_core::set_state(void* world, const request& asked) {
    const json body = json::parse(asked.body, nullptr, false);
    const json::const_iterator name = body.is_object() ? body.find("state") : body.end();
    const json::const_iterator value = body.is_object() ? body.find("value") : body.end();
    if (name == body.end() || value == body.end() || !name->is_string() || !value->is_string()) {
        return error(400, "the body of /state is {\"state\": \"Name\", \"value\": \"value\"}");
    }
    const std::string& state_name = name->get_ref<const std::string&>();
    const std::string& wanted = value->get_ref<const std::string&>();
    for (const state_entry& state : table_.states) {
        if (state.name != state_name) {
            continue;
        }
        std::string allowed;
        for (std::size_t v = 0; v < state.values.size(); ++v) {
            if (state.values[v] == wanted) {
                state.request(world, v);
                return ok(world_json(world));
            }
            allowed += allowed.empty() ? "" : ", ";
            allowed += state.values[v];
        }
        return error(400, "state " + state_name + " has no value '" + wanted.substr(0, 64) + "' (it has " + allowed +
                              ")");
    }
    return error(404, "no state " + state_name.substr(0, 64));
}

const archetype_entry* inspector_core::archetype_named(std::string_view name) const {
    for (const archetype_entry& archetype : table_.archetypes) {
        if (archetype.name == name) {
            return &archetype;
        }
    }
    return nullptr;
}

// The archetype's components of the row, by name.
json inspector_core::row_json(const void* world, const archetype_entry& archetype, std::size_t row) const {
    json out = json::object();
    for (std::size_t position = 0; position < archetype.components.size(); ++position) {
        const component_entry& component = table_.components[archetype.components[position]];
        if (component.tag) {
            out[std::string(component.name)] = json::object();
        } else {
            const value_bytes value = bytes_for(component.size);
            archetype.copy(world, position, row, 1, bytes_of(value));
            out[std::string(component.name)] = record_json(component.fields, bytes_of(value));
        }
    }
    return out;
}

response inspector_core::entities(void* world, const request& asked) {
    const std::string_view archetype_name = asked.param("archetype");
    const std::optional<std::size_t> offset = number_param(asked, "offset", 0, 0, SIZE_MAX);
    const std::optional<std::size_t> limit = number_param(asked, "limit", 100, 1, 10000);
    if (!offset || !limit) {
        return error(400, "offset must be a number, and limit a number from 1 to 10000");
    }
    std::vector<std::string> wanted;
    const std::string_view fields = asked.param("components");
    for (std::size_t start = 0; start < fields.size();) {
        const std::size_t comma = std::min(fields.find(',', start), fields.size());
        wanted.emplace_back(fields.substr(start, comma - start));
        start = comma + 1;
    }
    const archetype_entry* found = archetype_named(archetype_name);
    if (found == nullptr) {
        return error(archetype_name.empty() ? 400 : 404,
                     archetype_name.empty() ? "name an archetype: /api/entities?archetype=NAME"
                                            : "no archetype " + std::string(archetype_name.substr(0, 64)));
    }
    const archetype_entry& archetype = *found;
    const auto component_at = [&](std::size_t position) -> const component_entry& {
        return table_.components[archetype.components[position]];
    };
    for (const std::string& name : wanted) {
        bool held = false;
        for (std::size_t position = 0; position < archetype.components.size(); ++position) {
            held = held || component_at(position).name == name;
        }
        if (!held) {
            return error(400, "archetype " + std::string(archetype.name) + " has no component " + name.substr(0, 64));
        }
    }
    table_.settle(world);
    const std::span<const entity> handles = archetype.entities(world);
    const std::size_t total = handles.size();
    // Which of the archetype's components to write, by position in its list.
    std::vector<const component_entry*> written;
    for (std::size_t position = 0; position < archetype.components.size(); ++position) {
        const component_entry& component = component_at(position);
        const bool asked_for =
            fields.empty() || std::find(wanted.begin(), wanted.end(), component.name) != wanted.end();
        written.push_back(asked_for ? &component : nullptr);
    }
    // At the barrier only the page's rows of the components asked for are
    // copied; the text is written from the copy by response::finish, on the
    // server's thread (a 1,000-entity page of quads: 3.4 ms of the game's
    // thread before, the copy now).
    const std::size_t first = std::min(*offset, total);
    const std::size_t count = std::min(*limit, total - first);
    auto copied = std::make_shared<page_copy>();
    copied->entities.assign(handles.begin() + static_cast<std::ptrdiff_t>(first),
                            handles.begin() + static_cast<std::ptrdiff_t>(first + count));
    copied->columns.resize(written.size());
    for (std::size_t position = 0; position < written.size(); ++position) {
        if (written[position] != nullptr && !written[position]->tag) {
            std::vector<std::byte>& column = copied->columns[position];
            column.resize(count * written[position]->size);
            archetype.copy(world, position, first, count, column.data());
        }
    }
    std::string head = "{\"archetype\":\"" + std::string(archetype.name) + "\",\"total\":" + std::to_string(total) +
                       ",\"offset\":" + std::to_string(*offset) + ",\"entities\":[";
    return response{200, {}, [copied, written = std::move(written), head = std::move(head)] {
        std::string body = head;
        body.reserve(head.size() + copied->entities.size() * 128);
        for (std::size_t i = 0; i < copied->entities.size(); ++i) {
            body += i == 0 ? "{\"" : ",{\"";
            body += internal::json_handle_key;
            body += "\":\"";
            body += internal::handle_text(copied->entities[i]);
            body += '"';
            for (std::size_t position = 0; position < written.size(); ++position) {
                const component_entry* component = written[position];
                if (component == nullptr) {
                    continue;
                }
                body += ",\"";
                body += component->name;
                body += "\":";
                if (component->tag) {
                    body += "{}";
                } else {
                    append_record(body, component->fields, copied->columns[position].data() + i * component->size);
                }
            }
            body += '}';
        }
        body += "]}";
        return body;
    }};
}

// The entity a handle's text names, or an error that says why none.
std::optional<response> inspector_core::find(const void* world, std::string_view handle, entity& e) const {
    if (!internal::parse_handle(handle, e)) {
        return error(400, "'" + std::string(handle.substr(0, 64)) +
                              "' is not a handle: write index:generation, such as 3:0");
    }
    if (!table_.alive(world, e)) {
        return error(404, "entity " + internal::handle_text(e) + " is not alive");
    }
    return std::nullopt;
}

response inspector_core::entity_answer(void* world, std::string_view handle) {
    entity e;
    if (auto refused = find(world, handle, e)) {
        return *refused;
    }
    table_.settle(world);
    json out = json::object();
    out["entity"] = internal::handle_text(e);
    const std::string_view archetype_name = table_.archetype_of(world, e);
    out["archetype"] = std::string(archetype_name);
    for (const archetype_entry& archetype : table_.archetypes) {
        if (archetype.name == archetype_name) {
            const std::span<const entity> rows = archetype.entities(world);
            const auto at = std::find(rows.begin(), rows.end(), e);
            out["components"] = row_json(world, archetype, static_cast<std::size_t>(at - rows.begin()));
        }
    }
    const entity parent = table_.parent(world, e);
    out["parent"] = parent.is_null() ? json(nullptr) : json(internal::handle_text(parent));
    json children = json::array();
    std::vector<entity> held;
    table_.children(world, e, held);
    for (const entity child : held) {
        children.push_back(internal::handle_text(child));
    }
    out["children"] = std::move(children);
    if (const std::optional<prefab_part> made = table_.prefab_of(world, e)) {
        json prefab = json::object();
        prefab["name"] = std::string(made->prefab);
        prefab["part"] = std::string(made->part);
        out["prefab"] = std::move(prefab);
    } else {
        out["prefab"] = nullptr;
    }
    return ok(out);
}

json inspector_core::hierarchy_json(void* world) const {
    json pairs = json::array();
    table_.settle(world);
    for (const archetype_entry& archetype : table_.archetypes) {
        for (const entity e : archetype.entities(world)) {
            const entity parent = table_.parent(world, e);
            if (!parent.is_null()) {
                pairs.push_back(json::array({internal::handle_text(e), internal::handle_text(parent)}));
            }
        }
    }
    json out = json::object();
    out["links"] = std::move(pairs);
    return out;
}

json inspector_core::resources_json(void* world) const {
    json out = json::object();
    for (const resource_entry& resource : table_.resources) {
        out[std::string(resource.name)] = record_json(resource.fields, resource.get(world));
    }
    return out;
}

json inspector_core::timings_json(std::size_t n) const {
    const auto us_of = [](double ns) { return std::round(ns / 10.0) / 100.0; }; // microseconds, 2 decimals
    const auto series = [&](std::size_t slot) {
        const std::vector<std::int64_t> times = ring_.history(slot, n);
        json out = json::object();
        double sum = 0;
        double most = 0;
        json us = json::array();
        for (const std::int64_t t : times) {
            sum += static_cast<double>(t);
            most = std::max(most, static_cast<double>(t));
            us.push_back(us_of(static_cast<double>(t)));
        }
        out["mean_us"] = times.empty() ? 0.0 : us_of(sum / static_cast<double>(times.size()));
        out["max_us"] = us_of(most);
        out["last_us"] = times.empty() ? 0.0 : us_of(static_cast<double>(times.back()));
        out["us"] = std::move(us);
        return out;
    };
    json out = json::object();
    out["frames"] = std::min(n, ring_.count);
    json frame = series(static_cast<std::size_t>(-1));
    out["frame"] = std::move(frame);
    json stage_list = json::array();
    for (std::size_t i = 0; i < table_.stages.size(); ++i) {
        json s = json::object();
        s["name"] = std::string(table_.stages[i].name);
        s.update(series(i));
        stage_list.push_back(std::move(s));
    }
    json system_list = json::array();
    for (std::size_t i = 0; i < table_.systems.size(); ++i) {
        json s = json::object();
        s["name"] = std::string(table_.systems[i].name);
        s.update(series(ring_.stages + i));
        system_list.push_back(std::move(s));
    }
    out["stages"] = std::move(stage_list);
    out["systems"] = std::move(system_list);
    return out;
}

// The entities whose tracked components were written or gained after the
// tick since (docs/changes.md), by component, at most limit of each.
response inspector_core::changed(void* world, const request& asked) {
    if (table_.tick == nullptr) {
        return error(404, "this world tracks no component's changes (track = true in the schema; docs/changes.md)");
    }
    const std::optional<std::size_t> since = number_param(asked, "since", 0, 0, UINT32_MAX);
    const std::optional<std::size_t> limit = number_param(asked, "limit", 1000, 1, 100000);
    if (!since || !limit || asked.param("since").empty()) {
        return error(400, "changed takes since, a tick (the world's answers carry the tick), and limit, 1 to 100000");
    }
    json out = json::object();
    out["since"] = *since;
    out["tick"] = table_.tick(world);
    out["changed"] = changed_json(world, static_cast<std::uint32_t>(*since), *limit);
    return ok(out);
}

// By tracked component, the entities written or gained after the tick
// since, at most limit of each, and whether there were more.
json inspector_core::changed_json(void* world, std::uint32_t since, std::size_t limit) const {
    table_.settle(world);
    json by_component = json::object();
    for (const component_entry& component : table_.components) {
        if (component.changed == nullptr) {
            continue;
        }
        std::vector<entity> found;
        const bool truncated = component.changed(world, since, limit, found);
        json list = json::array();
        for (const entity e : found) {
            list.push_back(internal::handle_text(e));
        }
        json entry = json::object();
        entry["entities"] = std::move(list);
        entry["truncated"] = truncated;
        by_component[std::string(component.name)] = std::move(entry);
    }
    return by_component;
}

// ---- changes -----------------------------------------------------------------

response inspector_core::control(void* world, std::string_view path, const request& asked) {
    if (path == "/speed") {
        const json body = json::parse(asked.body, nullptr, false);
        const json::const_iterator found = body.is_object() ? body.find("fraction") : body.end();
        if (found == body.end() || !found->is_number() || !(found->get<double>() >= 0.01) ||
            !(found->get<double>() <= 1.0)) {
            return error(400, "the body of /speed is {\"fraction\": F}, F from 0.01 to 1: the share of frames that "
                              "run");
        }
        speed_ = found->get<double>();
        owed_ = 0;
    } else if (path == "/pause") {
        paused_ = true;
        steps_ = 0;
    } else if (path == "/resume") {
        paused_ = false;
        steps_ = 0;
    } else {
        std::size_t frames = 1;
        if (!asked.body.empty()) {
            const json body = json::parse(asked.body, nullptr, false);
            const json::const_iterator found = body.is_object() ? body.find("frames") : body.end();
            if (body.is_discarded() || !body.is_object() ||
                (found != body.end() && (!found->is_number_unsigned() || found->get<std::uint64_t>() < 1 ||
                                         found->get<std::uint64_t>() > 10000))) {
                return error(400, "the body of /step is {\"frames\": N}, N from 1 to 10000, or empty");
            }
            if (found != body.end()) {
                frames = found->get<std::size_t>();
            }
        }
        paused_ = true;
        steps_ += frames;
    }
    return ok(world_json(world));
}

response inspector_core::edit(void* world, const json& body) {
    const auto pointer = body.find("pointer");
    const auto value = body.find("value");
    if (pointer == body.end() || !pointer->is_string() || value == body.end()) {
        return error(400, "an edit is {\"entity\": \"3:0\" or \"resource\": \"Name\", \"pointer\": "
                          "\"/Component/field\", \"value\": ...}");
    }
    std::vector<std::string> tokens;
    if (!pointer_tokens(pointer->get_ref<const std::string&>(), tokens) || tokens.empty()) {
        return error(400, "pointer must be a JSON pointer to a component or its field, such as /Position/x");
    }
    const auto entity_at = body.find("entity");
    const auto resource_at = body.find("resource");
    if (entity_at != body.end() && resource_at == body.end()) {
        entity e;
        if (!entity_at->is_string()) {
            return error(400, "entity must be a handle, such as \"3:0\"");
        }
        if (auto refused = find(world, entity_at->get_ref<const std::string&>(), e)) {
            return *refused;
        }
        const std::string_view archetype_name = table_.archetype_of(world, e);
        const archetype_entry& archetype = *archetype_named(archetype_name);
        for (std::size_t position = 0; position < archetype.components.size(); ++position) {
            const component_entry& component = table_.components[archetype.components[position]];
            if (component.name != tokens[0]) {
                continue;
            }
            if (component.tag) {
                return error(400, tokens[0] + " is a tag: it has no fields to edit");
            }
            // The entity's row, read as world.get<C>(e) reads it.
            table_.settle(world);
            const std::span<const entity> rows = archetype.entities(world);
            const auto row = static_cast<std::size_t>(std::find(rows.begin(), rows.end(), e) - rows.begin());
            const value_bytes current = bytes_for(component.size);
            archetype.copy(world, position, row, 1, bytes_of(current));
            const value_bytes changed = bytes_for(component.size);
            std::memcpy(bytes_of(changed), bytes_of(current), component.size);
            if (std::string why = patch(component.name, component.fields, bytes_of(current), tokens, 1, *value,
                                        bytes_of(changed));
                !why.empty()) {
                return error(400, located("/" + tokens[0], pointer->get<std::string>(), why));
            }
            archetype.write(world, e, position, bytes_of(changed));
            return entity_answer(world, internal::handle_text(e));
        }
        return error(400, "entity " + internal::handle_text(e) + " (" + std::string(archetype.name) +
                              ") has no component " + tokens[0].substr(0, 64));
    }
    if (resource_at != body.end() && entity_at == body.end()) {
        if (!resource_at->is_string()) {
            return error(400, "resource must be a resource's name");
        }
        const std::string& name = resource_at->get_ref<const std::string&>();
        for (const resource_entry& resource : table_.resources) {
            if (resource.name != name) {
                continue;
            }
            std::byte* current = resource.get(world);
            const value_bytes changed = bytes_for(resource.size);
            std::memcpy(bytes_of(changed), current, resource.size);
            if (std::string why = patch(resource.name, resource.fields, current, tokens, 0, *value, bytes_of(changed));
                !why.empty()) {
                return error(400, "resource " + name + ": " + located("", pointer->get<std::string>(), why));
            }
            std::memcpy(current, bytes_of(changed), resource.size);
            json body_out = json::object();
            body_out[name] = record_json(resource.fields, current);
            return ok(body_out);
        }
        return error(404, "no resource " + name.substr(0, 64));
    }
    return error(400, "an edit names either an entity or a resource");
}

response inspector_core::create(void* world, const json& body) {
    const auto archetype_at = body.find("archetype");
    if (archetype_at == body.end() || !archetype_at->is_string()) {
        return error(400, "create takes {\"archetype\": \"Name\", \"components\": {...}}");
    }
    const auto given = body.find("components");
    if (given != body.end() && !given->is_object()) {
        return error(400, "components must be an object of components by name");
    }
    const std::string& name = archetype_at->get_ref<const std::string&>();
    const archetype_entry* found = archetype_named(name);
    if (found == nullptr) {
        return error(404, "no archetype " + name.substr(0, 64));
    }
    const archetype_entry& archetype = *found;
    // Every component's defaults, then every given component read over
    // them, so that bad input creates nothing.
    std::vector<value_bytes> values;
    std::vector<const std::byte*> pointers;
    for (const std::size_t index : archetype.components) {
        const component_entry& component = table_.components[index];
        values.push_back(bytes_for(component.size));
        if (!component.tag) {
            component.make(bytes_of(values.back()));
        }
        pointers.push_back(bytes_of(values.back()));
    }
    if (given != body.end()) {
        for (auto item = given->begin(); item != given->end(); ++item) {
            bool held = false;
            for (const std::size_t index : archetype.components) {
                held = held || table_.components[index].name == item.key();
            }
            if (!held) {
                return error(400, "archetype " + name + " has no component " + item.key().substr(0, 64));
            }
        }
        internal::json_reader reader;
        bool read = true;
        for (std::size_t position = 0; position < archetype.components.size() && read; ++position) {
            const component_entry& component = table_.components[archetype.components[position]];
            if (component.tag) {
                continue;
            }
            const auto value = given->find(std::string(component.name));
            if (value == given->end()) {
                continue; // a component the body lacks takes its defaults
            }
            const internal::json_path::segment at{reader.path, component.name};
            read = read_record(reader, *value, component.name, component.fields, bytes_of(values[position]));
        }
        if (!read) {
            return error(400, "/components" + reader.error.message);
        }
    }
    const entity e = archetype.create(world, pointers.data());
    return entity_answer(world, internal::handle_text(e));
}

response inspector_core::destroy(void* world, const json& body) {
    const auto handle = body.find("entity");
    if (handle == body.end() || !handle->is_string()) {
        return error(400, "destroy takes {\"entity\": \"3:0\"}");
    }
    entity e;
    if (auto refused = find(world, handle->get_ref<const std::string&>(), e)) {
        return *refused;
    }
    table_.destroy(world, e);
    json out = json::object();
    out["destroyed"] = internal::handle_text(e);
    return ok(out);
}

} // namespace kiln::inspect
