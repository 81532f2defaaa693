#include "import/header_check.h"

#include <cctype>
#include <fstream>
#include <limits>
#include <sstream>

namespace contactsim {
namespace {

// The header is at the start; 64 KB covers any real one (PLY comments included).
constexpr std::size_t kHeaderBytes = 64 * 1024;

// The decimal count at the start of `word`, saturating instead of wrapping; nullopt if it does
// not start with a digit. Assimp reads the leading digits the same way (and wraps, which is how
// a long run of digits becomes a count in the billions), whatever follows them.
std::optional<std::uint64_t> count(const std::string& word) {
  if (word.empty() || !std::isdigit(static_cast<unsigned char>(word[0]))) return std::nullopt;
  std::uint64_t value = 0;
  for (const char c : word) {
    if (!std::isdigit(static_cast<unsigned char>(c))) break;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
    value = value > (max - digit) / 10 ? max : value * 10 + digit;
  }
  return value;
}

std::optional<std::string> tooMany(std::uint64_t declared, const std::string& what,
                                   std::uintmax_t file_size) {
  if (declared <= file_size) return std::nullopt;
  return "declares " + std::to_string(declared) + " " + what + ", more than a file of " +
         std::to_string(file_size) + " bytes can hold";
}

// OFF: keywords (OFF, COFF, 4OFF, ...) and comments, then the vertex and face counts.
std::optional<std::string> checkOff(std::istringstream& text, std::uintmax_t file_size) {
  std::string word;
  std::uint64_t counts[2];
  for (int found = 0; found < 2 && text >> word;) {
    if (word[0] == '#') {
      std::getline(text, word);
      continue;
    }
    const auto value = count(word);
    if (!value) {
      if (found == 0) continue;  // still in the keywords
      return std::nullopt;       // not the layout we know: Assimp decides
    }
    counts[found++] = *value;
    if (found == 2) {
      if (auto why = tooMany(counts[0], "vertices", file_size)) return why;
      return tooMany(counts[1], "faces", file_size);
    }
  }
  return std::nullopt;
}

// PLY: every "element NAME COUNT" line up to end_header, which must come.
std::optional<std::string> checkPly(std::istringstream& text, const std::string& head,
                                    std::uintmax_t file_size) {
  std::string line;
  while (std::getline(text, line)) {
    std::istringstream words(line);
    std::string keyword, name, number;
    words >> keyword;
    if (keyword == "end_header") {
      // Nothing but blanks may follow it on its line: Assimp 5.2 also loops forever on
      // "end_header" followed by another separator (a vertical tab, a fuzz finding) and data.
      std::string rest;
      std::getline(words, rest);
      if (rest.find_first_not_of(" \t\r") != std::string::npos)
        return std::string("PLY end_header line has more on it than end_header");
      // Assimp 5.2 also loops forever when the file ends on the end_header line itself (a fuzz
      // finding); the format ends every header line with a line end and puts the data after it,
      // so such a file has no data to read.
      if (text.eof() && head.size() == file_size)
        return std::string("PLY file ends on its end_header line: no line end, no data");
      return std::nullopt;
    }
    if (keyword != "element" || !(words >> name >> number)) continue;
    if (const auto value = count(number)) {
      if (auto why = tooMany(*value, "'" + name + "' elements", file_size)) return why;
    }
  }
  // Assimp 5.2 loops forever on a PLY header that never ends.
  return "PLY header has no end_header line within its first " +
         std::to_string(kHeaderBytes / 1024) + " KB";
}

}  // namespace

std::optional<std::string> implausibleHeader(const std::filesystem::path& file,
                                             std::uintmax_t file_size) {
  std::ifstream in(file, std::ios::binary);
  std::string head(kHeaderBytes, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  const auto lower = [](std::string t) {
    for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return t;
  };
  const std::string extension = lower(file.extension().string());
  std::istringstream first_word(head);
  std::string first;
  first_word >> first;
  first = lower(first);
  // Assimp picks the loader by extension, else by content: anything starting with "ply" is PLY,
  // anything with "off" in its first bytes OFF — so a fuzzer's "ply2" or "OFF4" is read as such.
  std::istringstream text(head);
  if (extension == ".ply" || first.rfind("ply", 0) == 0) {
    text >> first;  // the magic word
    return checkPly(text, head, file_size);
  }
  if (extension == ".off" || first.find("off") != std::string::npos)
    return checkOff(text, file_size);
  return std::nullopt;
}

}  // namespace contactsim
