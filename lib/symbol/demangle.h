// Demangler: turns ELF symbol names into what perf prints (util/symbol.c dso__demangle_sym).
// Rust (legacy and v0) is tried first, then C++ (the Itanium ABI, via the C++ runtime's
// abi::__cxa_demangle, so names keep their parameter lists as in distribution builds of
// perf), then OCaml. Kernel symbols are left alone unless demangle_kernel is set.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace cperf {

struct DemangleOptions {
  bool demangle = true;          // cleared by --no-demangle
  bool demangle_kernel = false;  // set by --demangle-kernel
};

class Demangler {
 public:
  explicit Demangler(DemangleOptions opts = {}) : opts_(opts) {}

  // The demangled form, or nullopt when the name is not mangled (or demangling is off);
  // callers then keep the raw name.
  std::optional<std::string> demangle(std::string_view name, bool kernel = false) const;

  // The name to show: demangled if possible, else `name` itself.
  std::string display_name(std::string_view name, bool kernel = false) const;

  // False when demangle() surely returns nullopt for `name` (a cheap prefix test): names
  // that fail it need no demangling at all.
  bool may_demangle(std::string_view name, bool kernel = false) const;

  const DemangleOptions& options() const { return opts_; }

 private:
  DemangleOptions opts_;
};

// The individual schemes, exposed for tests. Each returns nullopt for names it does not know.
std::optional<std::string> demangle_cxx(std::string_view name);
std::optional<std::string> demangle_ocaml(std::string_view name);

}  // namespace cperf
