// The GUI's command line: contactsim [SCENE | MESH... | RECORDING] [--run-until T]
// [--camera SPEC] [--follow BODY] [--preset clean|default|debug] [--hide-body NAME]...
// [--body-opacity NAME=A]... [--force-scale N] [--colour plain|pressure|stick-slip]
// [--pressure-range LOW:HIGH] [--force-labels] [--screenshot FILE] [--quit]
// (README, "The window").
#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "contact_layer.h"
#include "layers.h"
#include "render_video.h"

namespace contactsim::gui {

struct CommandLine {
  QStringList files;                // a scene (.json), meshes, or a recording (.db), in order
  std::optional<double> run_until;  // simulate (as fast as possible) to this time first
  QString screenshot;               // PNG to write once the window has rendered; empty for none
  bool quit = false;                // exit after opening (and the screenshot)
  // The view: a camera (render::parseCameraOptions), applied once the scene is framed and kept
  // while it runs; a layer preset; bodies hidden by name; a fixed force scale (N per metre of
  // arrow) instead of the one fitted to the first contact forces.
  std::optional<render::CameraOptions> camera;
  std::optional<render::LayerPreset> preset;
  QStringList hidden_bodies;
  // The camera follows this body: its eye and focal point move with the body's centre each frame
  // (orbit and zoom are the user's). Empty for none.
  QString follow_body;
  // Bodies drawn see-through: name and opacity in [0, 1] (1 opaque).
  std::vector<std::pair<QString, double>> body_opacity;
  std::optional<double> force_scale;
  // Contact colouring, a fixed pressure range (Pa; the run's maximum so far without one), |F|
  // written at the force arrows.
  std::optional<render::ContactColouring> colouring;
  std::optional<std::pair<double, double>> pressure_range;
  bool force_labels = false;
  bool help = false;
  QString help_text;
  // Command-line files are imported without asking (units m) when the run is scripted.
  bool batch() const { return quit || !screenshot.isEmpty() || run_until.has_value(); }
};

// One-line message for unknown options or missing option values.
class CommandLineError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `arguments` includes the program name first, as QCoreApplication::arguments().
CommandLine parseCommandLine(const QStringList& arguments);

}  // namespace contactsim::gui
