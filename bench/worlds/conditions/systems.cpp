// The bodies of the systems of conditions.toml, beside this file: each adds 1 to its component.
// Written by bench/worlds/make_schemas.py; edit that, not this.
#include <bench/conditions/systems.hpp>

void bench::conditions::S00::run(D0& d) { d.value += 1; }
void bench::conditions::S01::run(D1& d) { d.value += 1; }
void bench::conditions::S02::run(D2& d) { d.value += 1; }
void bench::conditions::S03::run(D3& d) { d.value += 1; }
void bench::conditions::S04::run(D4& d) { d.value += 1; }
void bench::conditions::S05::run(D5& d) { d.value += 1; }
void bench::conditions::S06::run(D6& d) { d.value += 1; }
void bench::conditions::S07::run(D7& d) { d.value += 1; }
void bench::conditions::S08::run(D0& d) { d.value += 1; }
void bench::conditions::S09::run(D1& d) { d.value += 1; }
void bench::conditions::S10::run(D2& d) { d.value += 1; }
void bench::conditions::S11::run(D3& d) { d.value += 1; }
void bench::conditions::S12::run(D4& d) { d.value += 1; }
void bench::conditions::S13::run(D5& d) { d.value += 1; }
void bench::conditions::S14::run(D6& d) { d.value += 1; }
void bench::conditions::S15::run(D7& d) { d.value += 1; }
void bench::conditions::S16::run(D0& d) { d.value += 1; }
void bench::conditions::S17::run(D1& d) { d.value += 1; }
void bench::conditions::S18::run(D2& d) { d.value += 1; }
void bench::conditions::S19::run(D3& d) { d.value += 1; }
void bench::conditions::S20::run(D4& d) { d.value += 1; }
void bench::conditions::S21::run(D5& d) { d.value += 1; }
void bench::conditions::S22::run(D6& d) { d.value += 1; }
void bench::conditions::S23::run(D7& d) { d.value += 1; }
void bench::conditions::S24::run(D0& d) { d.value += 1; }
void bench::conditions::S25::run(D1& d) { d.value += 1; }
void bench::conditions::S26::run(D2& d) { d.value += 1; }
void bench::conditions::S27::run(D3& d) { d.value += 1; }
void bench::conditions::S28::run(D4& d) { d.value += 1; }
void bench::conditions::S29::run(D5& d) { d.value += 1; }
void bench::conditions::S30::run(D6& d) { d.value += 1; }
void bench::conditions::S31::run(D7& d) { d.value += 1; }
void bench::conditions::S32::run(D0& d) { d.value += 1; }
void bench::conditions::S33::run(D1& d) { d.value += 1; }
void bench::conditions::S34::run(D2& d) { d.value += 1; }
void bench::conditions::S35::run(D3& d) { d.value += 1; }
void bench::conditions::S36::run(D4& d) { d.value += 1; }
void bench::conditions::S37::run(D5& d) { d.value += 1; }
void bench::conditions::S38::run(D6& d) { d.value += 1; }
void bench::conditions::S39::run(D7& d) { d.value += 1; }
void bench::conditions::S40::run(D0& d) { d.value += 1; }
void bench::conditions::S41::run(D1& d) { d.value += 1; }
void bench::conditions::S42::run(D2& d) { d.value += 1; }
void bench::conditions::S43::run(D3& d) { d.value += 1; }
void bench::conditions::S44::run(D4& d) { d.value += 1; }
void bench::conditions::S45::run(D5& d) { d.value += 1; }
void bench::conditions::S46::run(D6& d) { d.value += 1; }
void bench::conditions::S47::run(D7& d) { d.value += 1; }
void bench::conditions::S48::run(D0& d) { d.value += 1; }
void bench::conditions::S49::run(D1& d) { d.value += 1; }
void bench::conditions::One::run(D0& d) { d.value += 1; }
void bench::conditions::FleeTag::run(Pos& p, const Vel& v) { p.x -= v.x; p.y -= v.y; }
void bench::conditions::FleeField::run(Pos& p, const Vel& v, const Mode& m) {
    if (m.value == 1) { // scared (bench/modes.cpp)
        p.x -= v.x;
        p.y -= v.y;
    }
}
