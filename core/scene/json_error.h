// Where a JSON text fails to parse, in the terms a user can act on: line and column (1-based,
// columns in characters of UTF-8 text) and nlohmann's reason without its exception tag.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace contactsim {

struct JsonErrorLocation {
  std::size_t line = 1;
  std::size_t column = 1;
  std::string reason;  // e.g. "number overflow parsing '1e999'"
};

// Line and column of the byte at `offset` (0-based) in `text`; an offset past the end is the end.
JsonErrorLocation locateOffset(const std::string& text, std::size_t offset);

// Parses `text` once more to find the first error (nlohmann's exceptions carry no position for
// some errors, e.g. number overflow); nullopt when the text parses.
std::optional<JsonErrorLocation> locateJsonError(const std::string& text);

}  // namespace contactsim
