@_exported import JOSE
@_exported import JOSEServerSupport
