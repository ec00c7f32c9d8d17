// Save files: a world written as bytes and read back, handles and all, into
// the same schema or a later version of it. The format and the rules by
// which a later schema reads an older save are in docs/saves.md.
//
//     std::vector<std::byte> bytes;
//     if (const kiln::save_error error = kiln::save(world, bytes)) { ... }
//     if (const kiln::save_error error = kiln::load(world, bytes)) { ... }  // world unchanged
//
// Like dump, save and load instantiate code for every archetype and component
// of the world: call them from one translation unit.
#pragma once

#include <array>
#include <cerrno>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/io/save_error.hpp>
#include <kiln/io/save_format.hpp>
#include <kiln/io/save_loader.hpp>
#include <kiln/io/save_writer.hpp>
#include <kiln/io/world_access.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/schema/reflect.hpp>
#include <kiln/storage/archetype_storage.hpp>
#include <kiln/world.hpp>

namespace kiln {

namespace internal {

inline save_error errno_error(const char* what, const std::string& path) {
    return make_save_error(save_errc::io, 0, "%s %s: %s", what, path.c_str(), std::strerror(errno));
}

} // namespace internal

// Writes world to sink, a callable taking std::span<const std::byte>: the
// bytes in order, in pieces (small values gathered, columns whole). sink may
// return bool, false meaning that writing failed: save then stops calling it
// and returns an io error.
//
// The world must have nothing pending: commands recorded and not applied (its
// own buffer, or observers'), or entities reserved by them, would be lost, so
// save refuses with pending_changes and writes nothing; call world.flush()
// first. Rows that destroy(e) left and no settle filled yet are not written:
// the rows are written in the order settling would leave them, so the save
// is the one the settled world gives. save reads the world and changes
// nothing.
template <class Schema, class Sink>
    requires std::invocable<Sink&, std::span<const std::byte>>
[[nodiscard]] save_error save(const basic_world<Schema>& world, Sink&& sink) {
    using access = internal::world_access<basic_world<Schema>>;
    if (save_error refused = access::refuse_pending(world, "save")) {
        return refused;
    }
    auto write = [](void* context, const std::byte* bytes, std::size_t size) {
        auto& target = *static_cast<std::remove_reference_t<Sink>*>(context);
        if constexpr (std::is_void_v<std::invoke_result_t<Sink&, std::span<const std::byte>>>) {
            target(std::span<const std::byte>{bytes, size});
            return true;
        } else {
            return static_cast<bool>(target(std::span<const std::byte>{bytes, size}));
        }
    };
    const auto storages = access::storages(world);
    const auto resources = access::resources(world);
    auto states = access::states(world);
    const internal::schedule_position position{access::started(world), states};
    if (!internal::save_world(internal::described_schema<Schema>::get(), storages, resources, access::entities(world),
                              access::hierarchy(world), position,
                              {const_cast<void*>(static_cast<const void*>(&sink)), write})) {
        return internal::make_save_error(save_errc::io, 0, "save: the sink failed to take the bytes");
    }
    return {};
}

// Appends the save of world to out, reserving room for it first.
template <class Schema>
[[nodiscard]] save_error save(const basic_world<Schema>& world, std::vector<std::byte>& out) {
    using access = internal::world_access<basic_world<Schema>>;
    out.reserve(out.size() + internal::saved_size_bound(internal::described_schema<Schema>::get(),
                                                        access::storages(world), access::entities(world),
                                                        access::hierarchy(world)));
    return save(world, [&out](std::span<const std::byte> bytes) { out.insert(out.end(), bytes.begin(), bytes.end()); });
}

// Replaces world's entities, handles, resources and states (docs/states.md)
// with those of the save in input, which may come from this schema or an older version of it (the
// rules are in docs/saves.md). Every handle saved names the same entity
// afterwards, and the world issues the same new handles as the saved one
// would have; entity fields naming no live entity become null.
//
// Whatever the input holds, load returns an error value and leaves world as
// it was, or succeeds. A save ends with a checksum of all its bytes, checked
// first: a save damaged on disk or in transfer fails with corrupt (saves of
// format version 1, from before the checksum, load unchecked). It reads the
// input twice: once to check all of it,
// changing nothing, then, only if every byte passed, to write it into world,
// whose columns and table keep their memory (loading over a world as big as
// the save allocates no columns). Observers are not told of the
// entities that arrive or leave; the command buffers and where progress()
// is in its stages stay as they were. Precondition: no each() or system runs
// on world (checked in debug builds).
template <class Schema>
[[nodiscard]] save_error load(basic_world<Schema>& world, std::span<const std::byte> input) {
    using access = internal::world_access<basic_world<Schema>>;
    if (save_error refused = access::refuse_pending(world, "load")) {
        return refused;
    }
    const auto storages = access::storages(world);
    const auto resources = access::resources(world);
    const internal::world_description description = internal::described_schema<Schema>::get();
    internal::save_loader loader{description, storages, resources, access::entities(world), access::hierarchy(world),
                                 input};
    if (!loader.check()) {
        return loader.error();
    }
    access::empty_for_load(world);
    // A save from before states (format 2 or 3) leaves them as they were.
    auto states = access::states(world);
    internal::schedule_position position{access::started(world), states};
    const bool applied = loader.apply(position);
    // Only a bug in the loader gets here: the check pass accepted these bytes.
    KILN_CHECK(applied, "kiln::load: the apply pass refused a save that the check pass accepted: %s",
               loader.error().message.c_str());
    access::restore_states(world, position);
    internal::change_tracking<basic_world<Schema>>::stamp_all(world); // loaded rows count as added (docs/changes.md)
    return {};
}

// Saves world to the file at path, atomically: the bytes go to a new file
// beside it (path plus a unique suffix), which is flushed to the disk
// (fsync) and then renamed over path, and the directory is flushed too. A
// crash or a failed write leaves path as it was, never half-written; on
// failure the temporary file is removed. POSIX only.
template <class Schema>
[[nodiscard]] save_error save_file(const basic_world<Schema>& world, const std::string& path) {
    std::string temporary = path + ".XXXXXX";
    const int file = ::mkstemp(temporary.data());
    if (file < 0) {
        return internal::errno_error("save_file: cannot create a temporary file beside", path);
    }
    int write_errno = 0;
    save_error error = save(world, [&](std::span<const std::byte> bytes) {
        for (std::size_t done = 0; done < bytes.size();) {
            const ::ssize_t written = ::write(file, bytes.data() + done, bytes.size() - done);
            if (written < 0 && errno == EINTR) {
                continue;
            }
            if (written <= 0) {
                write_errno = written < 0 ? errno : ENOSPC;
                return false;
            }
            done += static_cast<std::size_t>(written);
        }
        return true;
    });
    // The file keeps the mode of the one it replaces; a new one gets rw-r--r--.
    struct ::stat target{};
    const ::mode_t mode = ::stat(path.c_str(), &target) == 0 ? (target.st_mode & 07777) : 0644;
    if (error.code == save_errc::io) {
        errno = write_errno;
        error = internal::errno_error("save_file: cannot write", temporary);
    } else if (!error && (::fchmod(file, mode) != 0 || ::fsync(file) != 0)) {
        error = internal::errno_error("save_file: cannot flush", temporary);
    }
    if (::close(file) != 0 && !error) {
        error = internal::errno_error("save_file: cannot close", temporary);
    }
    if (!error && ::rename(temporary.c_str(), path.c_str()) != 0) {
        error = internal::errno_error("save_file: cannot rename the temporary file to", path);
    }
    if (error) {
        ::unlink(temporary.c_str());
        return error;
    }
    // The rename is durable once the directory is.
    const std::size_t slash = path.rfind('/');
    const std::string directory = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    if (const int handle = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY); handle >= 0) {
        ::fsync(handle);
        ::close(handle);
    }
    return {};
}

// Loads the save in the file at path into world, as load does.
template <class Schema>
[[nodiscard]] save_error load_file(basic_world<Schema>& world, const std::string& path) {
    const int file = ::open(path.c_str(), O_RDONLY);
    if (file < 0) {
        return internal::errno_error("load_file: cannot open", path);
    }
    std::vector<std::byte> bytes;
    struct ::stat status{};
    if (::fstat(file, &status) == 0 && status.st_size > 0) {
        bytes.reserve(static_cast<std::size_t>(status.st_size));
    }
    std::byte chunk[64 * 1024];
    for (;;) {
        const ::ssize_t count = ::read(file, chunk, sizeof chunk);
        if (count < 0 && errno == EINTR) {
            continue;
        }
        if (count < 0) {
            const save_error error = internal::errno_error("load_file: cannot read", path);
            ::close(file);
            return error;
        }
        if (count == 0) {
            break;
        }
        bytes.insert(bytes.end(), chunk, chunk + count);
    }
    ::close(file);
    return load(world, bytes);
}

} // namespace kiln
