// libFuzzer target: mesh import through the real path (importMesh on a file, as the CLI and the
// GUI do, but reading in this process rather than a child), then welding's and mass properties'
// promises on whatever was accepted.
// The first byte chooses the format (the file's extension); the rest is the file.
#include <cmath>
#include <string>

#include "fuzz_support.h"
#include "geometry/mass_properties.h"
#include "import/mesh_import.h"

namespace {

constexpr const char* kExtensions[] = {".stl", ".obj", ".ply", ".off"};

void checkMesh(const contactsim::TriMesh& mesh) {
  using contactsim::fuzz::check;
  check(!mesh.empty(), "importMesh returned an empty mesh");
  for (const contactsim::Vec3& v : mesh.vertices()) check(v.allFinite(), "non-finite vertex");
  for (const auto& t : mesh.triangles()) {
    for (int k = 0; k < 3; ++k) {
      check(t[k] >= 0 && static_cast<std::size_t>(t[k]) < mesh.vertexCount(),
            "triangle index out of range");
    }
  }
  check(std::isfinite(mesh.scale()), "non-finite mesh scale");
  // Mass properties never throw and never return NaN: the fallbacks say what they did.
  const contactsim::MassProperties mass = contactsim::computeMassProperties(mesh, 1000.0);
  check(std::isfinite(mass.mass) && mass.mass >= 0.0, "mass not finite and >= 0");
  check(mass.centroid.allFinite(), "non-finite centroid");
  check(mass.inertia.allFinite(), "non-finite inertia");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::string extension = kExtensions[data[0] % std::size(kExtensions)];
  const contactsim::fuzz::ScratchFile file(
      std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1), extension);
  // In this process: the coverage that guides the fuzzer is counted here, not in a child.
  contactsim::ImportOptions options;
  options.isolated = false;
  try {
    checkMesh(contactsim::importMesh(file.path(), options).mesh);
  } catch (const contactsim::MeshImportError& e) {
    // The documented refusal: one line naming the file.
    const std::string what = e.what();
    contactsim::fuzz::check(what.find('\n') == std::string::npos, "multi-line error: " + what);
    contactsim::fuzz::check(what.rfind(file.path().string(), 0) == 0,
                            "error does not start with the file: " + what);
  }
  return 0;
}
