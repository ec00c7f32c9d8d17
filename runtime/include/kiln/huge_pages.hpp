// Memory for the arrays that lookups read at random, one element per lookup:
// the entity table's slots. Large ones go on transparent huge pages.
#pragma once

#include <cstddef>
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

// Frees what allocate_random_access allocated, the way it allocated it.
struct random_access_delete {
    bool huge = false;
    void operator()(void* memory) const noexcept {
        if (huge) {
            ::operator delete(memory, std::align_val_t{huge_page_bytes});
        } else {
            ::operator delete(memory);
        }
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
// page's size on, on Linux, it takes whole huge pages, aligned, and asks for
// them (madvise MADV_HUGEPAGE: with transparent huge pages in the default
// `madvise` mode, only memory so marked gets them); the capacity is then
// what those pages hold, count rounded up. A random read of an array larger
// than what the TLB maps in 4 KiB pages misses it, and adds a page walk to
// the cache miss: a million entities' slots are 8 MB, 2,048 such pages and
// 4 huge ones (get/kiln/1000000 and destroy_shuffled/kiln/1000000 in
// bench/). Smaller arrays stay on ordinary pages: rounding them up would
// waste most of a huge page, and the TLB maps them anyway. Only the slots:
// an archetype's columns grow by doubling from small sizes, and faulting
// them in 2 MiB at a time made addremove at a million entities four times
// slower when tried. Where the advice is not taken (no transparent huge
// pages, or memory the allocator reuses that was touched before), the array
// is what it would have been on 4 KiB pages.
template <class T>
[[nodiscard]] random_access_array<T> allocate_random_access(std::size_t count) {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                  "allocate_random_access: T is copied as bytes and never destroyed");
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const std::size_t bytes = count * sizeof(T);
    if (bytes >= huge_page_bytes) {
        const std::size_t rounded = (bytes + huge_page_bytes - 1) / huge_page_bytes * huge_page_bytes;
        void* const memory = ::operator new(rounded, std::align_val_t{huge_page_bytes});
        ::madvise(memory, rounded, MADV_HUGEPAGE); // advice: when refused, the pages are 4 KiB ones
        return {random_access_ptr<T>{static_cast<T*>(memory), random_access_delete{true}}, rounded / sizeof(T)};
    }
#endif
    return {random_access_ptr<T>{static_cast<T*>(::operator new(count * sizeof(T))), random_access_delete{false}},
            count};
}

} // namespace kiln::internal
