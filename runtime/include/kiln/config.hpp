// The one place that decides how kiln reports misuse.
//
// KILN_CHECK guards what would otherwise corrupt memory (a reference taken
// through a stale handle, say): it stays on in every build and stops the
// program with a message. KILN_ASSERT guards the rest of kiln's preconditions:
// on in debug builds, compiled out when NDEBUG is defined, unless
// KILN_ENABLE_ASSERT is set explicitly to 0 or 1.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

#ifndef KILN_ENABLE_ASSERT
#    ifdef NDEBUG
#        define KILN_ENABLE_ASSERT 0
#    else
#        define KILN_ENABLE_ASSERT 1
#    endif
#endif

// KILN_RELOAD_PREFABS: whether a running program can reload its prefabs'
// values (kiln::reload_prefabs, docs/content.md). Spawns then copy each
// prefab's values from a table that a reload rewrites, rather than from the
// constants kilnc compiled. On in debug builds, off when NDEBUG is defined
// (a release spawn reads the constants), unless set explicitly to 0 or 1.
#ifndef KILN_RELOAD_PREFABS
#    ifdef NDEBUG
#        define KILN_RELOAD_PREFABS 0
#    else
#        define KILN_RELOAD_PREFABS 1
#    endif
#endif

namespace kiln::internal {

// Prints "file:line: kiln: <message>" to stderr and aborts. Out of line and
// cold so that a check costs one predictable branch on the hot path.
[[noreturn, gnu::cold, gnu::noinline, gnu::format(printf, 3, 4)]] inline void
fail(const char* file, int line, const char* format, ...) {
    std::fprintf(stderr, "%s:%d: kiln: ", file, line);
    va_list arguments;
    va_start(arguments, format);
    std::vfprintf(stderr, format, arguments);
    va_end(arguments);
    std::fputc('\n', stderr);
    std::fflush(stderr);
    std::abort();
}

} // namespace kiln::internal

#define KILN_CHECK(condition, ...)                                                                   \
    do {                                                                                             \
        if (!(condition)) [[unlikely]]                                                               \
            ::kiln::internal::fail(__FILE__, __LINE__, __VA_ARGS__);                                 \
    } while (false)

#if KILN_ENABLE_ASSERT
#    define KILN_ASSERT(condition, ...) KILN_CHECK(condition, __VA_ARGS__)
#else
#    define KILN_ASSERT(condition, ...) static_cast<void>(0)
#endif
