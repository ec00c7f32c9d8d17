# Finds xxHash's header for kiln::runtime, in kiln's own build and in the
# installed package's config alike. kiln/io/save_format.hpp checks
# saves with XXH3 compiled inline (XXH_INLINE_ALL): the header is all it
# needs, so games link no library for it. On Debian: libxxhash-dev.
#
# Defines the imported target kiln::xxhash, which kiln::runtime links, when
# xxhash.h is found; otherwise sets KILN_XXHASH_MISSING to a sentence saying
# what to do. The cache variable KILN_XXHASH_INCLUDE_DIR may name its
# directory by hand.
if(TARGET kiln::xxhash)
    return()
endif()
find_path(KILN_XXHASH_INCLUDE_DIR xxhash.h
    DOC "The directory of xxHash's xxhash.h (0.8.0 or later), with which kiln checks saves")
if(KILN_XXHASH_INCLUDE_DIR)
    # Imported, so its directory is a system one for every target that links it:
    # a game's own warning flags do not reach into xxHash's code.
    add_library(kiln::xxhash INTERFACE IMPORTED)
    set_target_properties(kiln::xxhash PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${KILN_XXHASH_INCLUDE_DIR}")
    unset(KILN_XXHASH_MISSING)
else()
    string(CONCAT KILN_XXHASH_MISSING
        "kiln checks saves with xxHash and needs its header xxhash.h, which was not found: install it (Debian: "
        "apt-get install libxxhash-dev, as tools/setup-debian does) or set KILN_XXHASH_INCLUDE_DIR to its directory")
endif()
