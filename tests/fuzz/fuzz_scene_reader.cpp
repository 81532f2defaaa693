// libFuzzer target: a scene file's text through the reader, the contact laws and the system
// builder — everything that happens to a scene before the first step. The only exception
// allowed out is SceneError, one line starting with the file's name.
#include <string>

#include "fuzz_support.h"
#include "geometry/primitives.h"
#include "scene/scene_reader.h"
#include "scene/scene_system.h"
#include "sim/scene_contact.h"

namespace {

const std::filesystem::path kFile = "fuzz/scene.json";

// Stands in for the importer (fuzzed on its own): a 10 cm box in the requested units, so that
// mass properties, trees and contact laws see a real closed mesh. A mesh named "bad.stl" fails
// as an unreadable file does.
contactsim::TriMesh loadMesh(const contactsim::SceneMesh& request) {
  if (request.file.filename() == "bad.stl")
    throw std::runtime_error(request.file.string() + ": corrupt");
  const double half = 0.05 * contactsim::metresPer(request.units) * request.scale;
  return contactsim::makeBox(contactsim::Vec3::Constant(half));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const contactsim::Scene scene = contactsim::parseScene(text, kFile, loadMesh);
    contactsim::contactPairsFromScene(scene);
    contactsim::buildSystem(scene);
  } catch (const contactsim::SceneError& e) {
    const std::string what = e.what();
    contactsim::fuzz::check(what.find('\n') == std::string::npos, "multi-line error: " + what);
    contactsim::fuzz::check(what.rfind(kFile.string() + ": ", 0) == 0,
                            "error does not start with the file: " + what);
  }
  return 0;
}
