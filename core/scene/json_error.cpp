#include "scene/json_error.h"

#include <nlohmann/json.hpp>

namespace contactsim {
namespace {

using json = nlohmann::json;

// "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..." → the part
// after the tag and nlohmann's own position (reported by us from the offset instead).
std::string reasonOf(const std::string& what) {
  std::string reason = what;
  if (reason.rfind("[json.exception.", 0) == 0) {
    const std::size_t end = reason.find("] ");
    if (end != std::string::npos) reason.erase(0, end + 2);
  }
  if (reason.rfind("parse error", 0) == 0) {
    const std::size_t colon = reason.find(": ");
    if (colon != std::string::npos) reason.erase(0, colon + 2);
  }
  return reason;
}

// Accepts every value and keeps nothing: only the first parse error's position is wanted.
class ErrorFinder : public nlohmann::json_sax<json> {
 public:
  std::optional<JsonErrorLocation> error;
  explicit ErrorFinder(const std::string& text) : text_(text) {}

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string& last_token,
                   const nlohmann::detail::exception& e) override {
    // `position` counts the characters read, the offending one included. A number that
    // overflowed is pointed at from its first digit (its token is plain ASCII; other tokens
    // are quoted with escapes and do not measure the text).
    const std::size_t back = e.id == 406 ? last_token.size() : 1;
    error = locateOffset(text_, position >= back ? position - back : 0);
    error->reason = reasonOf(e.what());
    return false;
  }

 private:
  const std::string& text_;
};

}  // namespace

JsonErrorLocation locateOffset(const std::string& text, std::size_t offset) {
  JsonErrorLocation where;
  const std::size_t end = std::min(offset, text.size());
  for (std::size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++where.line;
      where.column = 1;
    } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      ++where.column;  // UTF-8 continuation bytes belong to the character before
    }
  }
  return where;
}

std::optional<JsonErrorLocation> locateJsonError(const std::string& text) {
  ErrorFinder finder(text);
  json::sax_parse(text, &finder);
  return finder.error;
}

}  // namespace contactsim
