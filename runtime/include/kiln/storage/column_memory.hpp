// Memory for an archetype's columns: small ones from the heap, large ones in
// address space reserved for them, where they grow in place.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <new>

#if defined(__linux__) && defined(__LP64__)
#    include <sys/mman.h>
#    if defined(MAP_NORESERVE) && defined(MREMAP_MAYMOVE)
#        define KILN_COLUMN_RESERVATIONS 1
#    endif
#endif

#if defined(__SANITIZE_ADDRESS__)
#    include <sanitizer/asan_interface.h>
#endif

namespace kiln::internal {

// One column's memory: its first byte; for a reservation, the address space
// reserved, how much of it, from the start, may have been written (is
// backed by memory), and where in it the column's elements start; all 0 for
// memory from the heap.
struct column_block {
    std::byte* memory = nullptr;
    std::size_t reserved = 0;
    std::size_t backed = 0;
    std::size_t offset = 0;

    [[nodiscard]] std::byte* elements() const noexcept { return memory + offset; }
};

// From this size on, a column lives in a reservation: glibc's own threshold
// for giving an allocation a mapping of its own.
inline constexpr std::size_t column_reservation_threshold = std::size_t{128} << 10;

// Reservations start on a page: no element may ask for more alignment.
inline constexpr std::size_t column_page_bytes = 4096;

// Where in its reservation, within the first page, the column numbered
// stagger of an archetype starts (a multiple of alignment, a power of two).
// Reservations start on pages: the columns of an archetype, all at the start
// of a page, would put every row's elements in the same cache set, and a
// loop storing to one column and loading from another stalled on the false
// dependencies of addresses equal but for their high bits (4K aliasing:
// iterate2 and iterate3 at 100k a tenth slower). Steps of seven lines apart
// give 64 columns 64 different sets.
constexpr std::size_t staggered_offset(std::size_t stagger, std::size_t alignment) noexcept {
    return stagger * 7 * std::max(alignment, std::size_t{64}) % column_page_bytes;
}

// The address space one reservation takes: a column of 4-byte elements grows
// in place to 256 million rows. Only what is written is ever backed.
inline constexpr std::size_t column_reservation_bytes = std::size_t{1} << 30;

// AddressSanitizer knows nothing of a reservation: what a column may not
// touch is marked for it by hand (poison), and unmarked as the column grows
// over it (unpoison).
inline void asan_poison(std::byte* memory, std::size_t bytes) noexcept {
#if defined(__SANITIZE_ADDRESS__)
    ASAN_POISON_MEMORY_REGION(memory, bytes);
#else
    (void)memory;
    (void)bytes;
#endif
}

inline void asan_unpoison(std::byte* memory, std::size_t bytes) noexcept {
#if defined(__SANITIZE_ADDRESS__)
    ASAN_UNPOISON_MEMORY_REGION(memory, bytes);
#else
    (void)memory;
    (void)bytes;
#endif
}

// How far past a reservation's column AddressSanitizer is told to catch
// reads and writes: a reservation is too large to mark whole.
inline constexpr std::size_t poisoned_tail_bytes = std::size_t{64} << 10;

// The bytes from a reservation's start that AddressSanitizer may have been
// told of: those written, and the tail past them.
inline std::size_t marked_bytes(const column_block& block) noexcept {
    return block.backed + std::min(poisoned_tail_bytes, block.reserved - block.backed);
}

#if defined(KILN_COLUMN_RESERVATIONS)

// Reservations given back, with the pages written in them (faulted in,
// still backed), for the next column that grows past the threshold: as the
// allocator keeps freed heap memory. At most kept_slots of them and
// kept_budget bytes written; past that they are unmapped. One list for the
// whole program, under a mutex: it is touched once per column growing past
// the threshold and once per large column freed. A world of many archetypes
// frees hundreds of large columns: with 64 kept, the next such world faulted
// most of its columns in again (bench/ profile_aa_create, 32 archetypes of
// a million entities, 78 ms against 63 with 1,024 kept; 49 when all columns
// came from the heap: the rest was not page faults but the TLB, see
// map_reservation).
class kept_reservations {
public:
    static constexpr std::size_t kept_slots = 1024;
    static constexpr std::size_t kept_budget = std::size_t{256} << 20;

    // Never destroyed: a world in a static object may give its columns back
    // after the program's other statics are gone. The system takes the
    // mappings at exit.
    static kept_reservations& instance() noexcept {
        static kept_reservations* const kept = new kept_reservations;
        return *kept;
    }

    // A kept reservation of at least bytes, the first with at least bytes
    // backed (nothing to fault in), else the one with most backed; a block
    // with null memory when none is kept.
    column_block take(std::size_t bytes) noexcept {
        const std::lock_guard lock{mutex_};
        std::size_t best = count_;
        for (std::size_t i = 0; i < count_ && (best == count_ || slots_[best].backed < bytes); ++i) {
            if (slots_[i].reserved >= bytes && (best == count_ || slots_[i].backed > slots_[best].backed)) {
                best = i;
            }
        }
        if (best == count_) {
            return {};
        }
        const column_block taken = slots_[best]; // offset 0: the column taking it chooses
        slots_[best] = slots_[--count_];
        backed_ -= taken.backed;
        return taken;
    }

    // Keeps block; unmaps it when the list is full or over its budget.
    // While kept, its pages are poisoned: a column's memory is not to be
    // read after the column is freed.
    void give(column_block block) noexcept {
        block.offset = 0;
        {
            const std::lock_guard lock{mutex_};
            if (count_ < kept_slots && backed_ + block.backed <= kept_budget) {
                asan_poison(block.memory, marked_bytes(block));
                slots_[count_++] = block;
                backed_ += block.backed;
                return;
            }
        }
        asan_unpoison(block.memory, marked_bytes(block));
        ::munmap(block.memory, block.reserved);
    }

    kept_reservations(const kept_reservations&) = delete;
    kept_reservations& operator=(const kept_reservations&) = delete;

private:
    kept_reservations() = default;

    std::mutex mutex_;
    column_block slots_[kept_slots]{};
    std::size_t count_ = 0;
    std::size_t backed_ = 0;
};

// The pages modulo which the reservations mapped one after another start
// on different pages: reservation number n on page n modulo this.
inline constexpr std::size_t reservation_spread_pages = 256;

// Address space of reserved bytes mapped now, backed only where written
// (MAP_NORESERVE: the system commits no memory for it up front), or null
// when the system refuses. The system puts each mapping right below the one
// before: reservations of 1 GiB all started on the same page modulo 1 GiB,
// and the columns of a world, growing together, each at the same page of
// its reservation, wrote to pages equal modulo 1 GiB. With 281 large
// columns (bench/ profile_aa_create at 1M, 32 archetypes) a world took
// 64-76 ms of CPU, 42-52 with the starts spread (52-60 when columns came
// from the heap): by the look of it the sets of the TLB (no hardware
// counters here to tell). A mapping 1 MiB larger with no pages cut from its
// head gained as much: what counts is the address above 1 MiB. With 73
// (profile_a_create, 8 archetypes) the spread costs a tenth: 43-44 ->
// 49-55 ms. The nth reservation starts on a page equal to n modulo
// reservation_spread_pages, cut from a mapping that much larger.
inline std::byte* map_reservation(std::size_t reserved) noexcept {
    static constinit std::atomic<std::size_t> mapped_count{0};
    constexpr std::size_t spread_bytes = reservation_spread_pages * column_page_bytes;
    void* const mapped = ::mmap(nullptr, reserved + spread_bytes, PROT_READ | PROT_WRITE,
                                MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mapped == MAP_FAILED) {
        return nullptr;
    }
    const std::size_t first_page = reinterpret_cast<std::uintptr_t>(mapped) / column_page_bytes;
    const std::size_t wanted = mapped_count.fetch_add(1, std::memory_order_relaxed);
    // The pages to skip to start on page wanted modulo the spread (unsigned,
    // the difference wraps modulo 2^64, a multiple of the spread).
    const std::size_t head = (wanted - first_page) % reservation_spread_pages * column_page_bytes;
    auto* const start = static_cast<std::byte*>(mapped) + head;
    if (head != 0) {
        ::munmap(mapped, head);
    }
    ::munmap(start + reserved, spread_bytes - head);
    return start;
}

// A reservation of at least bytes: a kept one, or one mapped now
// (map_reservation). A block with null memory when the system refuses.
inline column_block reserve_column(std::size_t bytes) noexcept {
    if (const column_block kept = kept_reservations::instance().take(bytes); kept.memory != nullptr) {
        return kept;
    }
    const std::size_t reserved = std::max(column_reservation_bytes, std::bit_ceil(bytes));
    std::byte* const mapped = map_reservation(reserved);
    if (mapped == nullptr) {
        return {};
    }
    return {mapped, reserved, 0};
}
#endif

// Frees block, of elements aligned to alignment.
inline void free_column(column_block block, std::size_t alignment) noexcept {
    if (block.memory == nullptr) {
        return;
    }
#if defined(KILN_COLUMN_RESERVATIONS)
    if (block.reserved != 0) {
        kept_reservations::instance().give(block);
        return;
    }
#endif
    ::operator delete(block.memory, std::align_val_t{alignment});
}

// Room for bytes in a column whose memory is block, the first used bytes of
// which hold its elements, aligned to alignment; returns the block that
// holds them now, block itself when they fit. A column moving to a
// reservation starts at staggered_offset(stagger, alignment) in it. A reservation grows in place
// (nothing copied, and the pages written before stay where they are); one
// outgrown is moved whole to a larger one by the system (mremap: its page
// tables move, not its bytes). A heap block past the threshold moves to a
// reservation once; smaller ones, or where the system refuses, are
// reallocated on the heap, copied, as a std::vector's are.
inline column_block grow_column(column_block block, std::size_t used, std::size_t bytes, std::size_t alignment,
                                [[maybe_unused]] std::size_t stagger) noexcept {
    // A reservation holding bytes now: the rest of it poisoned a little way on.
    const auto fitted = [bytes](column_block grown) {
        const std::size_t end = grown.offset + bytes;
        asan_unpoison(grown.memory, end);
        asan_poison(grown.memory + end, std::min(poisoned_tail_bytes, grown.reserved - end));
        grown.backed = std::max(grown.backed, end);
        return grown;
    };
    if (block.reserved != 0 && block.offset + bytes <= block.reserved) {
        return fitted(block);
    }
#if defined(KILN_COLUMN_RESERVATIONS)
    if (bytes >= column_reservation_threshold && alignment <= column_page_bytes) {
        if (block.reserved != 0) {
            const std::size_t reserved = std::bit_ceil(block.offset + bytes);
            asan_unpoison(block.memory, marked_bytes(block));
            void* const moved = ::mremap(block.memory, block.reserved, reserved, MREMAP_MAYMOVE);
            if (moved != MAP_FAILED) {
                return fitted({static_cast<std::byte*>(moved), reserved, block.backed, block.offset});
            }
            const std::size_t end = block.offset + used;
            asan_poison(block.memory + end, std::min(poisoned_tail_bytes, block.reserved - end));
        } else {
            const std::size_t offset = staggered_offset(stagger, alignment);
            if (column_block reserved = reserve_column(offset + bytes); reserved.memory != nullptr) {
                reserved.offset = offset;
                const column_block grown = fitted(reserved);
                if (used > 0) {
                    std::memcpy(grown.elements(), block.memory, used);
                }
                free_column(block, alignment);
                return grown;
            }
        }
    }
#endif
    auto* const memory = static_cast<std::byte*>(::operator new(bytes, std::align_val_t{alignment}));
    if (used > 0) {
        std::memcpy(memory, block.elements(), used);
    }
    free_column(block, alignment);
    return {memory, 0, 0, 0};
}

} // namespace kiln::internal
