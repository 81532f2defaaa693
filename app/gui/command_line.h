// The GUI's command line: contactsim [MESH...] [--screenshot FILE] [--quit].
// (Scenes and --run-until arrive with the simulation; a scene file is refused when opened.)
#pragma once

#include <QString>
#include <QStringList>
#include <stdexcept>

namespace contactsim::gui {

struct CommandLine {
  QStringList files;   // meshes to open, in order
  QString screenshot;  // PNG to write once the window has rendered; empty for none
  bool quit = false;   // exit after opening (and the screenshot)
  bool help = false;
  QString help_text;
  // Command-line files are imported without asking (units m) when the run is scripted.
  bool batch() const { return quit || !screenshot.isEmpty(); }
};

// One-line message for unknown options or missing option values.
class CommandLineError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `arguments` includes the program name first, as QCoreApplication::arguments().
CommandLine parseCommandLine(const QStringList& arguments);

}  // namespace contactsim::gui
