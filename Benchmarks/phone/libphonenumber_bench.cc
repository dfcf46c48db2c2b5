// libphonenumber (C++, Debian's libphonenumber-dev) on the phone numbers vouch-bench reads:
// parse + isValidNumber + E.164 format, in nanoseconds per number. Built and run by `make bench`:
//
//     c++ -O2 Benchmarks/phone/libphonenumber_bench.cc -lphonenumber -o .build/libphonenumber-bench
//     .build/libphonenumber-bench
//
// Prints one line as vouch-bench does: `libphonenumber_e164 NS`.
#include <phonenumbers/phonenumberutil.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

int main() {
    const PhoneNumberUtil &util = *PhoneNumberUtil::GetInstance();
    // The same texts as vouch-bench's phone_e164, read in the US.
    const std::vector<std::string> inputs = {
        "2025550147", "(201) 555-0123", "+1 415-555-0199", "+44 20 7946 0958", "12345", "(650) 253-0000",
        "+49 30 1234567", "1-800-555-0199",
    };
    size_t sink = 0;
    auto run = [&](int iterations) {
        PhoneNumber number;
        std::string e164;
        for (int i = 0; i < iterations; i++) {
            const std::string &text = inputs[i % inputs.size()];
            if (util.Parse(text, "US", &number) == PhoneNumberUtil::NO_PARSING_ERROR && util.IsValidNumber(number)) {
                util.Format(number, PhoneNumberUtil::E164, &e164);
                sink += e164.size();
            }
        }
    };
    const int iterations = 20000;
    run(iterations / 10);
    double best = 1e300;
    for (int attempt = 0; attempt < 3; attempt++) {
        auto start = std::chrono::steady_clock::now();
        run(iterations);
        auto elapsed = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
        best = std::min(best, elapsed / iterations);
    }
    std::printf("libphonenumber_e164 %.1f\n", best);
    return sink == 0 ? 1 : 0;
}
