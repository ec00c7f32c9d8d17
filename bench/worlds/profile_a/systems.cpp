// The bodies of the systems of profile_a.toml, beside this file, but Move's,
// which bench/profiles.cpp holds, where the compiler may inline it into the world's loop.
// Written by bench/worlds/make_schemas.py; edit that, not this.
#include <bench/a/systems.hpp>

void bench::a::S01::run(C005& c005, C031& c031, const C014& c014) {
    const float in = 0.5f * c014.x;
    c005.samples[0] += in;
    if (in > 0.0f) {
        ++c031.a;
    }
}

void bench::a::S02::run(C024& c024, const C023& c023) {
    const float in = 0.5f * static_cast<float>(c023.owner.index());
    if (in > 0.0f) {
        ++c024.a;
    }
}

void bench::a::S03::run(C007& c007, const C005& c005, const C008& c008, const C014& c014) {
    const float in = 0.5f * (c005.samples[0] + static_cast<float>(c008.owner.index()) + c014.x);
    if (in > 0.0f) {
        ++c007.id;
    }
}

void bench::a::S04::run(C007& c007, const C004& c004, const C014& c014, const C031& c031) {
    const float in = 0.5f * (static_cast<float>(c004.id) + c014.x + static_cast<float>(c031.a));
    if (in > 0.0f) {
        ++c007.id;
    }
}

void bench::a::S05::run(C005& c005, C015& c015, const C021& c021, const C023& c023) {
    const float in = 0.5f * (c021.samples[0] + static_cast<float>(c023.owner.index()));
    c005.samples[0] += in;
    c015.samples[0] += in;
}

void bench::a::S06::run(C029& c029, const C014& c014, const C018& c018, const C027& c027) {
    const float in = 0.5f * (c014.x + c018.samples[0] + c027.x);
    if (in > 0.0f) {
        ++c029.a;
    }
}

void bench::a::S07::run(Position::ref position, Velocity::cref velocity) {
    const float in = 0.5f * velocity.x;
    position.x += in;
}

void bench::a::S08::run(C028& c028, Position::cref position, const C022& c022) {
    const float in = 0.5f * (position.x + static_cast<float>(c022.a));
    c028.x += in;
}

void bench::a::S09::run(Position::ref position, Velocity::cref velocity, const C021& c021) {
    const float in = 0.5f * (velocity.x + c021.samples[0]);
    position.x += in;
}

void bench::a::S10::run(C014& c014, const C003& c003, const C025& c025) {
    const float in = 0.5f * (static_cast<float>(c003.owner.index()) + c025.value);
    c014.x += in;
}

void bench::a::S11::run(C031& c031, const C004& c004, const C014& c014) {
    const float in = 0.5f * (static_cast<float>(c004.id) + c014.x);
    if (in > 0.0f) {
        ++c031.a;
    }
}

void bench::a::S12::run(C026& c026, C028& c028, const C008& c008, const C023& c023) {
    const float in = 0.5f * (static_cast<float>(c008.owner.index()) + static_cast<float>(c023.owner.index()));
    c026.value += in;
    c028.x += in;
}

void bench::a::S13::run(C026& c026, C028& c028, const C008& c008, const C023& c023) {
    const float in = 0.5f * (static_cast<float>(c008.owner.index()) + static_cast<float>(c023.owner.index()));
    c026.value += in;
    c028.x += in;
}

void bench::a::S14::run(C029& c029, const C006& c006, const C031& c031) {
    const float in = 0.5f * (static_cast<float>(c006.owner.index()) + static_cast<float>(c031.a));
    if (in > 0.0f) {
        ++c029.a;
    }
}

void bench::a::S15::run(C014& c014, C030& c030, const C028& c028, const C031& c031) {
    const float in = 0.5f * (c028.x + static_cast<float>(c031.a));
    c014.x += in;
    if (in > 0.0f) {
        ++c030.id;
    }
}
