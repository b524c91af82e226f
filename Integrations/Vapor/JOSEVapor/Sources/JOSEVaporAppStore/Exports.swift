// The App Store Server Notifications V2 route, apart from JOSEVapor so that an app without it never compiles or
// links PureJOSE's AppStore module; importing this module brings JOSEVapor and the shared receiver with it.
@_exported import JOSEServerAppStore
@_exported import JOSEVapor
