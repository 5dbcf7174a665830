// Helpers shared by the unit tests that read fixtures under tests/data (symbol_test_support.cpp).
#pragma once
#include <optional>
#include <string>

namespace cperf::symbol_test {

// tests/data/<name>, found from the working directory or next to the test binary;
// nullopt when the fixture is absent.
std::optional<std::string> fixture_dir(const std::string& name);

// The decompressed contents of a .gz file; nullopt when it cannot be read.
std::optional<std::string> read_gzip(const std::string& path);

}  // namespace cperf::symbol_test
