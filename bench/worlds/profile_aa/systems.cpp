// The bodies of the systems of profile_aa.toml, beside this file, but Move's,
// which bench/profiles.cpp holds, where the compiler may inline it into the world's loop.
// Written by bench/worlds/make_schemas.py; edit that, not this.
#include <bench/aa/systems.hpp>

void bench::aa::S01::run(C014& c014, Position::cref position, Velocity::cref velocity, const C018& c018) {
    const float in = 0.5f * (position.x + velocity.x + c018.x);
    c014.value += in;
}

void bench::aa::S02::run(C098& c098, const C017& c017, const C066& c066) {
    const float in = 0.5f * (static_cast<float>(c017.a) + static_cast<float>(c066.id));
    c098.samples[0] += in;
}

void bench::aa::S03::run(C092& c092, Position::cref position, const C006& c006, const C031& c031) {
    const float in = 0.5f * (position.x + static_cast<float>(c006.id) + static_cast<float>(c031.a));
    c092.x += in;
}

void bench::aa::S04::run(C066& c066, C098& c098, const C099& c099, const C111& c111) {
    const float in = 0.5f * (c099.samples[0] + c111.samples[0]);
    if (in > 0.0f) {
        ++c066.id;
    }
    c098.samples[0] += in;
}

void bench::aa::S05::run(Position::ref position, Velocity::cref velocity, const C026& c026, const C088& c088) {
    const float in = 0.5f * (velocity.x + static_cast<float>(c026.id) + static_cast<float>(c088.owner.index()));
    position.x += in;
}

void bench::aa::S06::run(C090& c090, Position::cref position, const C060& c060, const C081& c081) {
    const float in = 0.5f * (position.x + static_cast<float>(c060.a) + static_cast<float>(c081.id));
    c090.value += in;
}

void bench::aa::S07::run(C035& c035, C094& c094, const C070& c070) {
    const float in = 0.5f * static_cast<float>(c070.owner.index());
    if (in > 0.0f) {
        ++c035.a;
    }
    if (in > 0.0f) {
        ++c094.id;
    }
}

void bench::aa::S08::run(Position::ref position, Velocity::cref velocity, const C009& c009) {
    const float in = 0.5f * (velocity.x + c009.samples[0]);
    position.x += in;
}

void bench::aa::S09::run(Velocity::ref velocity, Position::cref position, const C003& c003, const C080& c080) {
    const float in = 0.5f * (position.x + static_cast<float>(c003.a) + c080.samples[0]);
    velocity.x += in;
}

void bench::aa::S10::run(C030& c030, const C035& c035) {
    const float in = 0.5f * static_cast<float>(c035.a);
    c030.value += in;
}

void bench::aa::S11::run(Position::ref position, const C014& c014, const C032& c032, const C092& c092) {
    const float in = 0.5f * (c014.value + c032.x + c092.x);
    position.x += in;
}

void bench::aa::S12::run(C072& c072, C085& c085, Position::cref position, Velocity::cref velocity) {
    const float in = 0.5f * (position.x + velocity.x);
    c072.samples[0] += in;
    if (in > 0.0f) {
        ++c085.a;
    }
}

void bench::aa::S13::run(C036& c036, Position::cref position, Velocity::cref velocity, const C007& c007) {
    const float in = 0.5f * (position.x + velocity.x + static_cast<float>(c007.owner.index()));
    if (in > 0.0f) {
        ++c036.id;
    }
}

void bench::aa::S14::run(C003& c003, const C045& c045, const C088& c088) {
    const float in = 0.5f * (static_cast<float>(c045.a) + static_cast<float>(c088.owner.index()));
    if (in > 0.0f) {
        ++c003.a;
    }
}

void bench::aa::S15::run(C111& c111, const C088& c088) {
    const float in = 0.5f * static_cast<float>(c088.owner.index());
    c111.samples[0] += in;
}

void bench::aa::S16::run(C035& c035, C094& c094, const C019& c019, const C070& c070, const C081& c081) {
    const float in = 0.5f * (c019.samples[0] + static_cast<float>(c070.owner.index()) + static_cast<float>(c081.id));
    if (in > 0.0f) {
        ++c035.a;
    }
    if (in > 0.0f) {
        ++c094.id;
    }
}

void bench::aa::S17::run(C008& c008, C089& c089, const C004& c004, const C011& c011, const C069& c069) {
    const float in = 0.5f * (static_cast<float>(c004.id) + static_cast<float>(c011.a) +
                             static_cast<float>(c069.owner.index()));
    if (in > 0.0f) {
        ++c008.id;
    }
    c089.x += in;
}

void bench::aa::S18::run(C109& c109, C112& c112, const C036& c036, const C083& c083) {
    const float in = 0.5f * (static_cast<float>(c036.id) + c083.samples[0]);
    if (in > 0.0f) {
        ++c109.a;
    }
    c112.value += in;
}

void bench::aa::S19::run(Velocity::ref velocity, Position::cref position, const C039& c039, const C040& c040) {
    const float in = 0.5f * (position.x + c039.samples[0] + static_cast<float>(c040.a));
    velocity.x += in;
}

void bench::aa::S20::run(C016& c016, C085& c085, const C018& c018) {
    const float in = 0.5f * c018.x;
    if (in > 0.0f) {
        ++c016.a;
    }
    if (in > 0.0f) {
        ++c085.a;
    }
}

void bench::aa::S21::run(C125& c125, const C071& c071) {
    const float in = 0.5f * static_cast<float>(c071.a);
    c125.value += in;
}

void bench::aa::S22::run(C098& c098, const C017& c017) {
    const float in = 0.5f * static_cast<float>(c017.a);
    c098.samples[0] += in;
}

void bench::aa::S23::run(Velocity::ref velocity, const C007& c007, const C032& c032, const C041& c041) {
    const float in = 0.5f * (static_cast<float>(c007.owner.index()) + c032.x + c041.x);
    velocity.x += in;
}

void bench::aa::S24::run(Position::ref position, const C020& c020, const C031& c031, const C053& c053) {
    const float in = 0.5f * (static_cast<float>(c020.owner.index()) + static_cast<float>(c031.a) +
                             static_cast<float>(c053.a));
    position.x += in;
}

void bench::aa::S25::run(C026& c026, const C034& c034, const C062& c062, const C122& c122) {
    const float in = 0.5f * (c034.value + static_cast<float>(c062.owner.index()) + static_cast<float>(c122.a));
    if (in > 0.0f) {
        ++c026.id;
    }
}

void bench::aa::S26::run(Position::ref position, C039& c039, const C088& c088) {
    const float in = 0.5f * static_cast<float>(c088.owner.index());
    position.x += in;
    c039.samples[0] += in;
}

void bench::aa::S27::run(Velocity::ref velocity, C085& c085, const C007& c007) {
    const float in = 0.5f * static_cast<float>(c007.owner.index());
    velocity.x += in;
    if (in > 0.0f) {
        ++c085.a;
    }
}

void bench::aa::S28::run(C038& c038, C039& c039, Position::cref position, Velocity::cref velocity) {
    const float in = 0.5f * (position.x + velocity.x);
    c038.samples[0] += in;
    c039.samples[0] += in;
}

void bench::aa::S29::run(Position::ref position, C063& c063, const C020& c020) {
    const float in = 0.5f * static_cast<float>(c020.owner.index());
    position.x += in;
    c063.value += in;
}

void bench::aa::S30::run(C104& c104, C119& c119, Velocity::cref velocity, const C031& c031, const C115& c115) {
    const float in = 0.5f * (velocity.x + static_cast<float>(c031.a) + static_cast<float>(c115.a));
    c104.samples[0] += in;
    c119.value += in;
}

void bench::aa::S31::run(C087& c087, const C031& c031) {
    const float in = 0.5f * static_cast<float>(c031.a);
    c087.samples[0] += in;
}
