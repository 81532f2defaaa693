// Writes the small bundled models of assets/models/ (used by tests and the GUI).
// Usage: contactsim-genmodels OUTPUT_DIR
#include <cstdio>
#include <exception>
#include <filesystem>

#include "geometry/primitives.h"
#include "import/mesh_export.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT_DIR\n", argv[0]);
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  try {
    std::filesystem::create_directories(dir);
    using contactsim::Vec3;
    // Sizes in metres; mesh densities fine enough for contact patches to have several triangles.
    contactsim::writeBinaryStl(dir / "box.stl", contactsim::makeBox(Vec3(0.1, 0.1, 0.1), 8));
    contactsim::writeBinaryStl(dir / "icosphere.stl", contactsim::makeIcosphere(0.1, 4));
    contactsim::writeObj(dir / "torus.obj", contactsim::makeTorus(0.2, 0.05, 96, 32));
    contactsim::writeBinaryStl(dir / "plate.stl", contactsim::makePlate(1.0, 1.0, 0.02, 40));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
  return 0;
}
