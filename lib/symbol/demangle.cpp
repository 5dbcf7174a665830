#include "symbol/demangle.h"

#include <cxxabi.h>

#include <cctype>
#include <cstdlib>
#include <memory>

#include "symbol/rust_demangle.h"

namespace cperf {

std::optional<std::string> demangle_cxx(std::string_view name) {
  // __cxa_demangle also accepts bare type encodings ("f" -> "float"), which would rename
  // plain C symbols; only names in the function/object namespace ("_Z...") are mangled.
  if (!name.starts_with("_Z")) return std::nullopt;
  std::string z(name);
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> out(
      abi::__cxa_demangle(z.c_str(), nullptr, nullptr, &status), &std::free);
  if (status != 0 || out == nullptr) return std::nullopt;
  return std::string(out.get());
}

std::optional<std::string> demangle_ocaml(std::string_view name) {
  // OCaml native symbols look like camlModule__function_123, with "$xx" hex escapes.
  if (name.size() < 5 || !name.starts_with("caml") ||
      !std::isupper(static_cast<unsigned char>(name[4]))) {
    return std::nullopt;
  }
  auto hex = [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10;
  };
  std::string out;
  for (size_t i = 4; i < name.size();) {
    if (name[i] == '_' && i + 1 < name.size() && name[i + 1] == '_') {
      out += '.';
      i += 2;
    } else if (name[i] == '$' && i + 2 < name.size() &&
               std::isxdigit(static_cast<unsigned char>(name[i + 1])) &&
               std::isxdigit(static_cast<unsigned char>(name[i + 2]))) {
      out += static_cast<char>(hex(name[i + 1]) << 4 | hex(name[i + 2]));
      i += 3;
    } else {
      out += name[i++];
    }
  }
  return out;
}

std::optional<std::string> Demangler::demangle(std::string_view name, bool kernel) const {
  if (!(kernel ? opts_.demangle_kernel : opts_.demangle)) return std::nullopt;
  if (auto r = demangle_rust(name)) return r;
  if (auto c = demangle_cxx(name)) return c;
  return demangle_ocaml(name);
}

bool Demangler::may_demangle(std::string_view name, bool kernel) const {
  if (!(kernel ? opts_.demangle_kernel : opts_.demangle)) return false;
  // The prefixes the schemes above accept: Rust legacy/v0 and C++ ("_ZN", "__ZN", "ZN",
  // "_R", "__R", "R"), OCaml ("caml").
  return name.starts_with("_Z") || name.starts_with("__Z") || name.starts_with("ZN") ||
         name.starts_with("_R") || name.starts_with("__R") || name.starts_with("R") ||
         name.starts_with("caml");
}

std::string Demangler::display_name(std::string_view name, bool kernel) const {
  std::optional<std::string> d = demangle(name, kernel);
  return d ? std::move(*d) : std::string(name);
}

}  // namespace cperf
