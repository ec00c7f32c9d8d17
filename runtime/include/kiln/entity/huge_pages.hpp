// Memory for the arrays that lookups read at random, one element per lookup:
// the entity table's slots. Large ones go on transparent huge pages.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>

#if defined(__linux__)
#    include <sys/mman.h>
#endif

namespace kiln::internal {

// The size of a transparent huge page on x86-64 Linux (and arm64 with 4 KiB
// base pages).
inline constexpr std::size_t huge_page_bytes = std::size_t{2} << 20;

#if defined(__linux__) && defined(MADV_HUGEPAGE)
#    define KILN_HUGE_PAGES 1

// The mapping unmap_huge kept, as its address (aligned to a huge page) plus
// its size in huge pages; 0 when none is kept. One for the whole program,
// taken and given back with one atomic exchange, so that worlds on several
// threads share it safely.
inline std::atomic<std::uintptr_t>& kept_huge_mapping() noexcept {
    static std::atomic<std::uintptr_t> kept{0};
    return kept;
}

inline void unmap_kept(std::uintptr_t kept) noexcept {
    if (kept != 0) {
        ::munmap(reinterpret_cast<void*>(kept & ~(huge_page_bytes - 1)), (kept & (huge_page_bytes - 1)) * huge_page_bytes);
    }
}

// At least bytes (a multiple of huge_page_bytes) of memory of its own,
// aligned to a huge page and advised onto huge pages; sets bytes to what it
// holds. The mapping unmap_huge kept last is reused when it is large enough:
// it is faulted in already. Null when the system refuses a mapping.
inline void* map_huge(std::size_t& bytes) noexcept {
    const std::uintptr_t kept = kept_huge_mapping().exchange(0, std::memory_order_acquire);
    if (kept != 0 && (kept & (huge_page_bytes - 1)) * huge_page_bytes >= bytes) {
        bytes = (kept & (huge_page_bytes - 1)) * huge_page_bytes;
        return reinterpret_cast<void*>(kept & ~(huge_page_bytes - 1));
    }
    unmap_kept(kept);
    // One huge page more than asked, so that an aligned run of bytes lies
    // inside; the ends around it go back at once.
    void* const mapped = ::mmap(nullptr, bytes + huge_page_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                                -1, 0);
    if (mapped == MAP_FAILED) {
        return nullptr;
    }
    const auto start = reinterpret_cast<std::uintptr_t>(mapped);
    const std::uintptr_t aligned = (start + huge_page_bytes - 1) & ~(huge_page_bytes - 1);
    if (aligned != start) {
        ::munmap(mapped, aligned - start);
    }
    if (aligned + bytes != start + bytes + huge_page_bytes) {
        ::munmap(reinterpret_cast<void*>(aligned + bytes), start + huge_page_bytes - aligned);
    }
    ::madvise(reinterpret_cast<void*>(aligned), bytes, MADV_HUGEPAGE); // advice: when refused, 4 KiB pages
    return reinterpret_cast<void*>(aligned);
}

// Gives back what map_huge mapped: keeps it for the next map_huge, and
// unmaps the one kept before.
inline void unmap_huge(void* memory, std::size_t bytes) noexcept {
    unmap_kept(kept_huge_mapping().exchange(reinterpret_cast<std::uintptr_t>(memory) | bytes / huge_page_bytes,
                                            std::memory_order_acq_rel));
}
#endif

// Frees what allocate_random_access allocated, the way it allocated it:
// mapped_bytes is 0 for memory from operator new.
struct random_access_delete {
    std::size_t mapped_bytes = 0;
    void operator()(void* memory) const noexcept {
#if defined(KILN_HUGE_PAGES)
        if (mapped_bytes != 0) {
            unmap_huge(memory, mapped_bytes);
            return;
        }
#endif
        ::operator delete(memory);
    }
};

template <class T>
using random_access_ptr = std::unique_ptr<T[], random_access_delete>;

// An array of at least count Ts, left uninitialized, and how many it holds.
template <class T>
struct random_access_array {
    random_access_ptr<T> elements;
    std::size_t capacity;
};

// An array for count Ts read one at a time at random indices. From a huge
// page's size on, on Linux, it is a mapping of its own of whole huge pages,
// advised onto them (madvise MADV_HUGEPAGE: with transparent huge pages in
// the default `madvise` mode, only memory so marked gets them); the capacity
// is then what those pages hold, count rounded up. A random read of an array
// larger than what the TLB maps in 4 KiB pages misses it, and adds a page
// walk to the cache miss: a million entities' slots are 8 MB, 2,048 such
// pages and 4 huge ones (get/kiln/1000000 and destroy_shuffled/kiln/1000000
// in bench/). A mapping of its own, not the allocator's heap: there the
// advice reached only memory never touched before, the allocator reused
// touched memory for most tables, and aligning each table in the heap grew
// a benchmark's heap fourfold. The last one freed is kept for the next, as
// the allocator would keep its memory: a world rebuilt, or a table grown
// past its capacity, reuses it without faulting it in again. Smaller arrays
// stay on ordinary pages: rounding them up would waste most of a huge page,
// and the TLB maps them anyway. Only the slots: an archetype's columns grow
// from small sizes (kiln/storage/column_memory.hpp), and faulting them in 2 MiB at a
// time made addremove at a million entities four times slower when tried.
template <class T>
[[nodiscard]] random_access_array<T> allocate_random_access(std::size_t count) {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                  "allocate_random_access: T is copied as bytes and never destroyed");
#if defined(KILN_HUGE_PAGES)
    if (count * sizeof(T) >= huge_page_bytes) {
        std::size_t bytes = (count * sizeof(T) + huge_page_bytes - 1) / huge_page_bytes * huge_page_bytes;
        if (void* const memory = map_huge(bytes)) {
            return {random_access_ptr<T>{static_cast<T*>(memory), random_access_delete{bytes}}, bytes / sizeof(T)};
        }
    }
#endif
    return {random_access_ptr<T>{static_cast<T*>(::operator new(count * sizeof(T))), random_access_delete{}}, count};
}

} // namespace kiln::internal
