#include "command_line.h"

#include <QCommandLineParser>

namespace contactsim::gui {

CommandLine parseCommandLine(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription("contactsim: rigid CAD meshes in contact (mesh viewer)");
  const QCommandLineOption help_option = parser.addHelpOption();
  const QCommandLineOption screenshot_option(
      "screenshot", "Save a PNG of the window once it has rendered.", "FILE");
  const QCommandLineOption quit_option("quit",
                                       "Exit after opening the files (and the screenshot).");
  parser.addOption(screenshot_option);
  parser.addOption(quit_option);
  parser.addPositionalArgument("MESH", "Mesh files to open (STL, OBJ, PLY, glTF, OFF, ...).",
                               "[MESH...]");

  if (!parser.parse(arguments)) throw CommandLineError(parser.errorText().toStdString());

  CommandLine line;
  // --help-all is added by addHelpOption(); the Qt options it would list are not advertised.
  line.help = parser.isSet(help_option) || parser.isSet("help-all");
  line.help_text = parser.helpText();
  line.files = parser.positionalArguments();
  line.screenshot = parser.value(screenshot_option);
  line.quit = parser.isSet(quit_option);
  if (parser.isSet(screenshot_option) && line.screenshot.isEmpty()) {
    throw CommandLineError("--screenshot needs a file name");
  }
  return line;
}

}  // namespace contactsim::gui
