// Rust symbol demangling with the output perf prints: rustc-demangle's "alternate" form, which
// leaves out the legacy `::h<hash>` element and v0 crate disambiguators / integer type
// suffixes. Written from the mangling specifications (legacy `_ZN...E`, RFC 2603 v0 `_R...`).
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace cperf {

// The demangled name if `name` is a well-formed legacy or v0 Rust symbol (an LLVM
// ".llvm.<HEX>" tail is dropped; another "."-suffix is kept verbatim), else nullopt.
std::optional<std::string> demangle_rust(std::string_view name);

namespace rust_detail {
// Legacy form; `rest` receives what follows the closing 'E'.
std::optional<std::string> demangle_legacy(std::string_view name, std::string_view* rest);
// v0 form; `rest` receives what follows the path (and instantiating crate).
std::optional<std::string> demangle_v0(std::string_view name, std::string_view* rest);
// Appends code point cp as UTF-8.
void append_utf8(std::string& out, uint32_t cp);
}  // namespace rust_detail

}  // namespace cperf
