#include "import/mesh_export.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace contactsim {
namespace {

std::ofstream openForWriting(const std::filesystem::path& file, std::ios::openmode mode) {
  std::ofstream out(file, mode);
  if (!out) throw std::runtime_error(file.string() + ": cannot be opened for writing");
  return out;
}

void checkWritten(const std::ofstream& out, const std::filesystem::path& file) {
  if (!out) throw std::runtime_error(file.string() + ": write failed");
}

// STL stores little-endian IEEE floats; this project only targets little-endian hosts (x86-64).
void putFloats(std::ofstream& out, const Vec3& v) {
  const std::array<float, 3> f = {static_cast<float>(v.x()), static_cast<float>(v.y()),
                                  static_cast<float>(v.z())};
  out.write(reinterpret_cast<const char*>(f.data()), sizeof(f));
}

}  // namespace

void writeBinaryStl(const std::filesystem::path& file, const TriMesh& mesh) {
  std::ofstream out = openForWriting(file, std::ios::binary | std::ios::trunc);
  char header[80] = {};
  std::strncpy(header, "contactsim binary STL (SI units: metres)", sizeof(header) - 1);
  out.write(header, sizeof(header));
  const auto count = static_cast<std::uint32_t>(mesh.triangleCount());
  out.write(reinterpret_cast<const char*>(&count), sizeof(count));
  const std::uint16_t attributes = 0;
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    putFloats(out, mesh.normals()[t]);
    for (int k = 0; k < 3; ++k) putFloats(out, mesh.corner(t, k));
    out.write(reinterpret_cast<const char*>(&attributes), sizeof(attributes));
  }
  checkWritten(out, file);
}

void writeObj(const std::filesystem::path& file, const TriMesh& mesh) {
  std::ofstream out = openForWriting(file, std::ios::trunc);
  out.precision(17);
  out << "# contactsim OBJ (SI units: metres)\n";
  for (const Vec3& v : mesh.vertices())
    out << "v " << v.x() << ' ' << v.y() << ' ' << v.z() << '\n';
  for (const auto& [a, b, c] : mesh.triangles()) {
    out << "f " << a + 1 << ' ' << b + 1 << ' ' << c + 1 << '\n';  // OBJ indices start at 1
  }
  checkWritten(out, file);
}

}  // namespace contactsim
