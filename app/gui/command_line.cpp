#include "command_line.h"

#include <QCommandLineParser>
#include <cmath>

namespace contactsim::gui {

CommandLine parseCommandLine(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription("contactsim: rigid CAD meshes in contact (simulator)");
  const QCommandLineOption help_option = parser.addHelpOption();
  const QCommandLineOption screenshot_option(
      "screenshot", "Save a PNG of the window once it has rendered.", "FILE");
  const QCommandLineOption quit_option("quit",
                                       "Exit after opening the files (and the screenshot).");
  const QCommandLineOption run_until_option(
      "run-until", "Simulate the scene (as fast as possible) up to time T seconds, then pause.",
      "T");
  parser.addOption(run_until_option);
  parser.addOption(screenshot_option);
  parser.addOption(quit_option);
  parser.addPositionalArgument(
      "FILES", "A scene (.json), mesh files (STL, OBJ, PLY, glTF, OFF, ...) or a recording (.db).",
      "[SCENE | MESH... | RECORDING]");

  if (!parser.parse(arguments)) throw CommandLineError(parser.errorText().toStdString());

  CommandLine line;
  // --help-all is added by addHelpOption(); the Qt options it would list are not advertised.
  line.help = parser.isSet(help_option) || parser.isSet("help-all");
  line.help_text = parser.helpText();
  line.files = parser.positionalArguments();
  line.screenshot = parser.value(screenshot_option);
  line.quit = parser.isSet(quit_option);
  if (parser.isSet(run_until_option)) {
    bool ok = false;
    const double t = parser.value(run_until_option).toDouble(&ok);
    if (!ok || !(t >= 0.0) || !std::isfinite(t)) {
      throw CommandLineError("--run-until: expected a time >= 0 s, got '" +
                             parser.value(run_until_option).toStdString() + "'");
    }
    line.run_until = t;
  }
  if (parser.isSet(screenshot_option) && line.screenshot.isEmpty()) {
    throw CommandLineError("--screenshot needs a file name");
  }
  return line;
}

}  // namespace contactsim::gui
