// The bodies of the systems of profile_aaa.toml, beside this file, but Move's,
// which bench/profiles.cpp holds, where the compiler may inline it into the world's loop.
// Written by bench/worlds/make_schemas.py; edit that, not this.
#include <bench/aaa/systems.hpp>

void bench::aaa::S01::run(Position::ref position, C011& c011, const C378& c378) {
    const float in = 0.5f * static_cast<float>(c378.owner.index());
    position.x += in;
    if (in > 0.0f) {
        ++c011.id;
    }
}

void bench::aaa::S02::run(C306& c306, const C139& c139, const C484& c484, const C504& c504) {
    const float in = 0.5f * (c139.samples[0] + static_cast<float>(c484.id) + c504.x);
    if (in > 0.0f) {
        ++c306.id;
    }
}

void bench::aaa::S03::run(Velocity::ref velocity, C072& c072, Position::cref position, const C279& c279) {
    const float in = 0.5f * (position.x + c279.value);
    velocity.x += in;
    c072.x += in;
}

void bench::aaa::S04::run(Position::ref position, Velocity::cref velocity, const C152& c152) {
    const float in = 0.5f * (velocity.x + c152.value);
    position.x += in;
}

void bench::aaa::S05::run(C005& c005, const C060& c060, const C172& c172, const C204& c204) {
    const float in = 0.5f * (static_cast<float>(c060.a) + static_cast<float>(c172.id) +
                             static_cast<float>(c204.owner.index()));
    c005.samples[0] += in;
}

void bench::aaa::S06::run(Position::ref position, const C273& c273, const C322& c322) {
    const float in = 0.5f * (static_cast<float>(c273.owner.index()) + static_cast<float>(c322.owner.index()));
    position.x += in;
}

void bench::aaa::S07::run(C360& c360, C475& c475, const C096& c096, const C270& c270, const C372& c372) {
    const float in = 0.5f * (static_cast<float>(c096.owner.index()) + static_cast<float>(c270.a) + c372.x);
    c360.value += in;
    if (in > 0.0f) {
        ++c475.id;
    }
}

void bench::aaa::S08::run(C287& c287, const C176& c176, const C391& c391) {
    const float in = 0.5f * (static_cast<float>(c176.a) + c391.x);
    if (in > 0.0f) {
        ++c287.id;
    }
}

void bench::aaa::S09::run(Velocity::ref velocity, const C140& c140, const C311& c311, const C441& c441) {
    const float in = 0.5f * (c140.x + static_cast<float>(c311.id) + static_cast<float>(c441.owner.index()));
    velocity.x += in;
}

void bench::aaa::S10::run(Position::ref position, C316& c316, const C053& c053) {
    const float in = 0.5f * static_cast<float>(c053.a);
    position.x += in;
    c316.value += in;
}

void bench::aaa::S11::run(C309& c309, C504& c504, const C139& c139, const C436& c436) {
    const float in = 0.5f * (c139.samples[0] + c436.value);
    if (in > 0.0f) {
        ++c309.a;
    }
    c504.x += in;
}

void bench::aaa::S12::run(C251& c251, C261& c261, const C279& c279) {
    const float in = 0.5f * c279.value;
    c251.samples[0] += in;
    if (in > 0.0f) {
        ++c261.a;
    }
}

void bench::aaa::S13::run(C491& c491, const C402& c402) {
    const float in = 0.5f * c402.x;
    c491.samples[0] += in;
}

void bench::aaa::S14::run(C433& c433, const C295& c295, const C477& c477) {
    const float in = 0.5f * (c295.value + c477.samples[0]);
    if (in > 0.0f) {
        ++c433.id;
    }
}

void bench::aaa::S15::run(C360& c360, const C412& c412) {
    const float in = 0.5f * c412.samples[0];
    c360.value += in;
}

void bench::aaa::S16::run(Position::ref position, C371& c371, Velocity::cref velocity) {
    const float in = 0.5f * velocity.x;
    position.x += in;
    c371.samples[0] += in;
}

void bench::aaa::S17::run(C056& c056, C193& c193, const C010& c010, const C046& c046) {
    const float in = 0.5f * (static_cast<float>(c010.owner.index()) + c046.samples[0]);
    if (in > 0.0f) {
        ++c056.id;
    }
    c193.value += in;
}

void bench::aaa::S18::run(C102& c102, C221& c221, Position::cref position, const C352& c352, const C457& c457) {
    const float in = 0.5f * (position.x + static_cast<float>(c352.id) + static_cast<float>(c457.id));
    if (in > 0.0f) {
        ++c102.id;
    }
    c221.x += in;
}

void bench::aaa::S19::run(C209& c209, C480& c480, const C078& c078, const C090& c090) {
    const float in = 0.5f * (c078.samples[0] + c090.samples[0]);
    if (in > 0.0f) {
        ++c209.id;
    }
    if (in > 0.0f) {
        ++c480.id;
    }
}

void bench::aaa::S20::run(Velocity::ref velocity, Position::cref position) {
    const float in = 0.5f * position.x;
    velocity.x += in;
}

void bench::aaa::S21::run(C246& c246, const C367& c367, const C438& c438, const C490& c490) {
    const float in = 0.5f * (c367.x + static_cast<float>(c438.id) + static_cast<float>(c490.owner.index()));
    if (in > 0.0f) {
        ++c246.a;
    }
}

void bench::aaa::S22::run(C198& c198, C480& c480, const C021& c021, const C193& c193, const C266& c266) {
    const float in = 0.5f * (static_cast<float>(c021.a) + c193.value + c266.samples[0]);
    if (in > 0.0f) {
        ++c198.id;
    }
    if (in > 0.0f) {
        ++c480.id;
    }
}

void bench::aaa::S23::run(C392& c392, Position::cref position, const C491& c491, const C511& c511) {
    const float in = 0.5f * (position.x + c491.samples[0] + static_cast<float>(c511.id));
    c392.samples[0] += in;
}

void bench::aaa::S24::run(Velocity::ref velocity, C210& c210, Position::cref position, const C348& c348,
                          const C449& c449) {
    const float in = 0.5f * (position.x + c348.value + static_cast<float>(c449.id));
    velocity.x += in;
    c210.value += in;
}

void bench::aaa::S25::run(C418& c418, C461& c461, const C380& c380) {
    const float in = 0.5f * static_cast<float>(c380.a);
    if (in > 0.0f) {
        ++c418.a;
    }
    c461.x += in;
}

void bench::aaa::S26::run(C048& c048, C352& c352, const C176& c176, const C455& c455, const C484& c484) {
    const float in = 0.5f * (static_cast<float>(c176.a) + c455.x + static_cast<float>(c484.id));
    c048.value += in;
    if (in > 0.0f) {
        ++c352.id;
    }
}

void bench::aaa::S27::run(C020& c020, C289& c289, const C099& c099) {
    const float in = 0.5f * static_cast<float>(c099.owner.index());
    c020.x += in;
    c289.value += in;
}

void bench::aaa::S28::run(C299& c299, C384& c384, const C124& c124, const C224& c224) {
    const float in = 0.5f * (static_cast<float>(c124.a) + static_cast<float>(c224.a));
    if (in > 0.0f) {
        ++c299.id;
    }
    c384.x += in;
}

void bench::aaa::S29::run(Velocity::ref velocity, C250& c250, Position::cref position, const C329& c329) {
    const float in = 0.5f * (position.x + static_cast<float>(c329.owner.index()));
    velocity.x += in;
    if (in > 0.0f) {
        ++c250.a;
    }
}

void bench::aaa::S30::run(Velocity::ref velocity, C038& c038, Position::cref position, const C194& c194) {
    const float in = 0.5f * (position.x + static_cast<float>(c194.owner.index()));
    velocity.x += in;
    c038.value += in;
}

void bench::aaa::S31::run(Velocity::ref velocity, C106& c106, const C322& c322) {
    const float in = 0.5f * static_cast<float>(c322.owner.index());
    velocity.x += in;
    if (in > 0.0f) {
        ++c106.a;
    }
}

void bench::aaa::S32::run(C402& c402, const C177& c177, const C328& c328, const C488& c488) {
    const float in = 0.5f * (static_cast<float>(c177.id) + c328.samples[0] + c488.samples[0]);
    c402.x += in;
}

void bench::aaa::S33::run(C167& c167, const C116& c116, const C166& c166) {
    const float in = 0.5f * (c116.samples[0] + static_cast<float>(c166.owner.index()));
    if (in > 0.0f) {
        ++c167.a;
    }
}

void bench::aaa::S34::run(Velocity::ref velocity, const C033& c033, const C079& c079, const C485& c485) {
    const float in = 0.5f * (c033.samples[0] + c079.samples[0] + static_cast<float>(c485.a));
    velocity.x += in;
}

void bench::aaa::S35::run(Position::ref position, C026& c026, Velocity::cref velocity, const C208& c208) {
    const float in = 0.5f * (velocity.x + c208.value);
    position.x += in;
    c026.value += in;
}

void bench::aaa::S36::run(C045& c045, C078& c078, Position::cref position, Velocity::cref velocity, const C480& c480) {
    const float in = 0.5f * (position.x + velocity.x + static_cast<float>(c480.id));
    c045.x += in;
    c078.samples[0] += in;
}

void bench::aaa::S37::run(C053& c053, const C356& c356, const C373& c373) {
    const float in = 0.5f * (static_cast<float>(c356.id) + static_cast<float>(c373.a));
    if (in > 0.0f) {
        ++c053.a;
    }
}

void bench::aaa::S38::run(C102& c102, const C046& c046, const C490& c490) {
    const float in = 0.5f * (c046.samples[0] + static_cast<float>(c490.owner.index()));
    if (in > 0.0f) {
        ++c102.id;
    }
}

void bench::aaa::S39::run(C453& c453, const C477& c477) {
    const float in = 0.5f * c477.samples[0];
    c453.samples[0] += in;
}

void bench::aaa::S40::run(Velocity::ref velocity, Position::cref position) {
    const float in = 0.5f * position.x;
    velocity.x += in;
}

void bench::aaa::S41::run(C298& c298, const C050& c050, const C178& c178, const C483& c483) {
    const float in = 0.5f * (static_cast<float>(c050.owner.index()) + static_cast<float>(c178.a) +
                             static_cast<float>(c483.a));
    if (in > 0.0f) {
        ++c298.id;
    }
}

void bench::aaa::S42::run(C013& c013, Velocity::cref velocity, const C210& c210, const C398& c398) {
    const float in = 0.5f * (velocity.x + c210.value + static_cast<float>(c398.id));
    c013.x += in;
}

void bench::aaa::S43::run(Position::ref position, C038& c038, Velocity::cref velocity, const C499& c499) {
    const float in = 0.5f * (velocity.x + static_cast<float>(c499.owner.index()));
    position.x += in;
    c038.value += in;
}

void bench::aaa::S44::run(C192& c192, C242& c242, const C093& c093, const C446& c446) {
    const float in = 0.5f * (c093.value + static_cast<float>(c446.a));
    if (in > 0.0f) {
        ++c192.a;
    }
    c242.x += in;
}

void bench::aaa::S45::run(C348& c348, const C423& c423) {
    const float in = 0.5f * c423.value;
    c348.value += in;
}

void bench::aaa::S46::run(C506& c506, const C170& c170, const C302& c302, const C314& c314) {
    const float in = 0.5f * (static_cast<float>(c170.owner.index()) + static_cast<float>(c302.owner.index()) +
                             static_cast<float>(c314.id));
    c506.samples[0] += in;
}

void bench::aaa::S47::run(Velocity::ref velocity, C167& c167, const C365& c365) {
    const float in = 0.5f * static_cast<float>(c365.owner.index());
    velocity.x += in;
    if (in > 0.0f) {
        ++c167.a;
    }
}

void bench::aaa::S48::run(C059& c059, C391& c391, const C336& c336) {
    const float in = 0.5f * c336.value;
    c059.x += in;
    c391.x += in;
}

void bench::aaa::S49::run(C193& c193, C437& c437, const C082& c082) {
    const float in = 0.5f * static_cast<float>(c082.a);
    c193.value += in;
    c437.x += in;
}

void bench::aaa::S50::run(Velocity::ref velocity, C004& c004, Position::cref position, const C417& c417) {
    const float in = 0.5f * (position.x + static_cast<float>(c417.id));
    velocity.x += in;
    c004.samples[0] += in;
}

void bench::aaa::S51::run(C367& c367, C438& c438, const C246& c246, const C490& c490) {
    const float in = 0.5f * (static_cast<float>(c246.a) + static_cast<float>(c490.owner.index()));
    c367.x += in;
    if (in > 0.0f) {
        ++c438.id;
    }
}

void bench::aaa::S52::run(C464& c464, Position::cref position, const C259& c259) {
    const float in = 0.5f * (position.x + c259.value);
    c464.samples[0] += in;
}

void bench::aaa::S53::run(Velocity::ref velocity, Position::cref position) {
    const float in = 0.5f * position.x;
    velocity.x += in;
}

void bench::aaa::S54::run(C186& c186, const C050& c050, const C075& c075) {
    const float in = 0.5f * (static_cast<float>(c050.owner.index()) + c075.value);
    if (in > 0.0f) {
        ++c186.a;
    }
}

void bench::aaa::S55::run(C012& c012, C282& c282, const C003& c003, const C487& c487) {
    const float in = 0.5f * (c003.samples[0] + c487.value);
    c012.samples[0] += in;
    if (in > 0.0f) {
        ++c282.id;
    }
}

void bench::aaa::S56::run(Position::ref position, Velocity::ref velocity, const C196& c196, const C251& c251,
                          const C362& c362) {
    const float in = 0.5f * (static_cast<float>(c196.a) + c251.samples[0] + c362.x);
    position.x += in;
    velocity.x += in;
}

void bench::aaa::S57::run(C111& c111, const C497& c497) {
    const float in = 0.5f * c497.value;
    c111.samples[0] += in;
}

void bench::aaa::S58::run(C402& c402, const C375& c375, const C407& c407) {
    const float in = 0.5f * (c375.x + static_cast<float>(c407.a));
    c402.x += in;
}

void bench::aaa::S59::run(C075& c075, C283& c283, const C087& c087, const C266& c266, const C348& c348) {
    const float in = 0.5f * (static_cast<float>(c087.owner.index()) + c266.samples[0] + c348.value);
    c075.value += in;
    if (in > 0.0f) {
        ++c283.a;
    }
}

void bench::aaa::S60::run(Velocity::ref velocity, const C064& c064) {
    const float in = 0.5f * c064.value;
    velocity.x += in;
}

void bench::aaa::S61::run(C109& c109, C198& c198, const C330& c330, const C357& c357, const C499& c499) {
    const float in = 0.5f * (static_cast<float>(c330.owner.index()) + c357.value +
                             static_cast<float>(c499.owner.index()));
    c109.samples[0] += in;
    if (in > 0.0f) {
        ++c198.id;
    }
}

void bench::aaa::S62::run(C433& c433, Position::cref position, const C457& c457) {
    const float in = 0.5f * (position.x + static_cast<float>(c457.id));
    if (in > 0.0f) {
        ++c433.id;
    }
}

void bench::aaa::S63::run(Velocity::ref velocity, C028& c028, Position::cref position, const C147& c147,
                          const C409& c409) {
    const float in = 0.5f * (position.x + static_cast<float>(c147.owner.index()) + static_cast<float>(c409.a));
    velocity.x += in;
    c028.value += in;
}
