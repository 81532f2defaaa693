#include "mesh_files.h"

#include <unistd.h>
#include <atomic>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace contactsim::testing {

std::filesystem::path freshDirectory(const std::string& name) {
  static std::atomic<int> counter{0};
  const auto dir =
      std::filesystem::temp_directory_path() /
      ("contactsim-" + name + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

void writeText(const std::filesystem::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

void writeAsciiStl(const std::filesystem::path& file, const TriMesh& mesh) {
  writeAsciiStl(file, {{"test", mesh}});
}

void writeAsciiStl(const std::filesystem::path& file, const std::vector<NamedMesh>& solids) {
  std::ostringstream s;
  s.precision(17);
  for (const auto& [name, mesh] : solids) {
    s << "solid " << name << "\n";
    for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
      const Vec3& n = mesh.normals()[t];
      s << " facet normal " << n.x() << ' ' << n.y() << ' ' << n.z() << "\n  outer loop\n";
      for (int k = 0; k < 3; ++k) {
        const Vec3& v = mesh.corner(t, k);
        s << "   vertex " << v.x() << ' ' << v.y() << ' ' << v.z() << '\n';
      }
      s << "  endloop\n endfacet\n";
    }
    s << "endsolid " << name << "\n";
  }
  writeText(file, s.str());
}

void writeAsciiPly(const std::filesystem::path& file, const TriMesh& mesh) {
  std::ostringstream s;
  s.precision(17);
  s << "ply\nformat ascii 1.0\nelement vertex " << mesh.vertexCount()
    << "\nproperty double x\nproperty double y\nproperty double z\nelement face "
    << mesh.triangleCount() << "\nproperty list uchar int vertex_indices\nend_header\n";
  for (const Vec3& v : mesh.vertices()) s << v.x() << ' ' << v.y() << ' ' << v.z() << '\n';
  for (const auto& [a, b, c] : mesh.triangles()) s << "3 " << a << ' ' << b << ' ' << c << '\n';
  writeText(file, s.str());
}

void writeOff(const std::filesystem::path& file, const TriMesh& mesh) {
  std::ostringstream s;
  s.precision(17);
  s << "OFF\n" << mesh.vertexCount() << ' ' << mesh.triangleCount() << " 0\n";
  for (const Vec3& v : mesh.vertices()) s << v.x() << ' ' << v.y() << ' ' << v.z() << '\n';
  for (const auto& [a, b, c] : mesh.triangles()) s << "3 " << a << ' ' << b << ' ' << c << '\n';
  writeText(file, s.str());
}

void writeObj(const std::filesystem::path& file, const std::vector<NamedMesh>& objects) {
  std::ostringstream s;
  s.precision(17);
  std::size_t base = 1;  // OBJ indices are global and start at 1
  for (const auto& [name, mesh] : objects) {
    s << "o " << name << '\n';
    for (const Vec3& v : mesh.vertices())
      s << "v " << v.x() << ' ' << v.y() << ' ' << v.z() << '\n';
    for (const auto& [a, b, c] : mesh.triangles()) {
      s << "f " << a + base << ' ' << b + base << ' ' << c + base << '\n';
    }
    base += mesh.vertexCount();
  }
  writeText(file, s.str());
}

namespace {
std::string base64(const std::vector<unsigned char>& bytes) {
  static const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const unsigned v = bytes[i] << 16 | (i + 1 < bytes.size() ? bytes[i + 1] << 8 : 0) |
                       (i + 2 < bytes.size() ? bytes[i + 2] : 0);
    out += alphabet[(v >> 18) & 63];
    out += alphabet[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? alphabet[(v >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? alphabet[v & 63] : '=';
  }
  return out;
}
}  // namespace

void writeTwoNodeGltf(const std::filesystem::path& file, const TriMesh& mesh, const Vec3& offset) {
  std::vector<unsigned char> buffer;
  auto append = [&](const void* data, std::size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    buffer.insert(buffer.end(), p, p + size);
  };
  Eigen::Vector3f lo = mesh.bounds().min().cast<float>(), hi = mesh.bounds().max().cast<float>();
  for (const Vec3& v : mesh.vertices()) {
    const Eigen::Vector3f f = v.cast<float>();
    append(f.data(), sizeof(float) * 3);
  }
  const std::size_t index_offset = buffer.size();
  for (const auto& t : mesh.triangles()) {
    for (const std::int32_t i : t) {
      const auto u = static_cast<std::uint32_t>(i);
      append(&u, sizeof(u));
    }
  }
  std::ostringstream s;
  s << R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0,1]}],)"
    << R"("nodes":[{"mesh":0,"translation":[)" << offset.x() << ',' << offset.y() << ','
    << offset.z() << R"(]},{"mesh":0,"translation":[)" << -offset.x() << ',' << -offset.y() << ','
    << -offset.z()
    << R"(]}],"meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}],)"
    << R"("buffers":[{"byteLength":)" << buffer.size()
    << R"(,"uri":"data:application/octet-stream;base64,)" << base64(buffer) << R"("}],)"
    << R"("bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":)" << index_offset
    << R"(},{"buffer":0,"byteOffset":)" << index_offset << R"(,"byteLength":)"
    << buffer.size() - index_offset << R"(}],)"
    << R"("accessors":[{"bufferView":0,"componentType":5126,"count":)" << mesh.vertexCount()
    << R"(,"type":"VEC3","min":[)" << lo.x() << ',' << lo.y() << ',' << lo.z() << R"(],"max":[)"
    << hi.x() << ',' << hi.y() << ',' << hi.z() << R"(]},)"
    << R"({"bufferView":1,"componentType":5125,"count":)" << 3 * mesh.triangleCount()
    << R"(,"type":"SCALAR"}]})";
  writeText(file, s.str());
}

}  // namespace contactsim::testing
